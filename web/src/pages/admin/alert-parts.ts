/**
 * The console's alerts part: the deposits approaching eligibility. Loaded when the page opens,
 * outside the console's first chunk, which is at its budget.
 */
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../../App';
// Likewise the console, which has loaded before this part: what both use stays in the console's
// own chunks rather than in new ones split off for the two of them.
import './AdminRoutes';
export { default as WithdrawalAlerts } from './WithdrawalAlerts';
