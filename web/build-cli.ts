/** `npm run build`: builds web/dist, prints the sizes against the budget, fails when over it. */
import { buildWeb, printReport } from './build';

const report = await buildWeb();
printReport(report);
if (!report.withinBudget) process.exit(1);
