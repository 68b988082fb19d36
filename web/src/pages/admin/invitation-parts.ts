/**
 * The console's invitations part: the invitations page, its form and its revoke dialog. Loaded
 * when the page opens, outside the console's first chunk.
 */
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../../App';
// Likewise the console, which has loaded before this part: what both use stays in the console's
// own chunks rather than in new ones split off for the two of them.
import './AdminRoutes';
export { default as InvitationsPage } from './InvitationsPage';
