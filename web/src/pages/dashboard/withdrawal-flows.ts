/**
 * The withdrawal flows' chunk: the request dialog, the requests' list with its cancel
 * confirmation, the eligible deposits, and where a request is paid (the payout account). Fetched as the dashboard renders (the lists show at
 * once; the dialog brings Zag's focus trap, dismissal and scroll lock), outside the first paint's
 * download.
 */
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../../App';
export { default as RequestDialog } from './RequestDialog';
export { RequestsList } from './RequestsList';
export { EligibleDeposits } from './EligibleDeposits';
export { PayoutNote } from './PayoutDestination';
