/**
 * The withdrawal flows' chunk: the request dialog, the requests' list with its cancel
 * confirmation, and the eligible deposits. Fetched as the dashboard renders (the lists show at
 * once; the dialog brings Zag's focus trap, dismissal and scroll lock), outside the first paint's
 * download.
 */
export { default as RequestDialog } from './RequestDialog';
export { RequestsList } from './RequestsList';
export { EligibleDeposits } from './EligibleDeposits';
