/**
 * The admin pages. Admin status is established by the admin client list
 * (docs/product.md, "Sign-in and roles"): while it loads a spinner, on any failure the user goes to /dashboard, so
 * a non-admin never sees admin data. An administrator the API refuses for want of two-factor
 * sign-in, or for want of a passkey sign-in where the stage requires one, goes to /account
 * instead, which says why and offers to set it up; one whose session
 * began before their two-factor sign-in or admin access did is signed out, to sign in again
 * with a code.
 */
import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { apiMessages, toastTitles } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { useRoute } from '../../api/hooks';
import { useAuth } from '../../auth/session';
import { PageSpinner } from '../../components/page-spinner';
import { notify } from '../../components/toaster';
import type { AccountState } from '../account/notice';

const refusedWith = (error: unknown, message: string) =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === message;
import ActivityPage from './ActivityPage';
import AdminDashboard from './AdminDashboard';
import ApprovalsPage from './ApprovalsPage';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../../App';

/**
 * An address the console has no page at: the app's 404 page, the lazy chunk the app loads for it
 * too, kept out of the console's chunk (its budget: web/build.ts).
 */
const NotFound = lazy(() => import('../NotFound'));

/** The payouts to send: a lazy part of its own (payout-parts.ts), with the approval dialog. */
const PayoutsPage = lazy(() => import('./payout-parts').then((m) => ({ default: m.PayoutsPage })));
/** The new clients waiting for review: a lazy part of its own (application-parts.ts). */
const ApplicationsPage = lazy(() => import('./application-parts').then((m) => ({ default: m.ApplicationsPage })));
/** One client's page: a lazy part of its own (client-parts.ts). */
const ClientPage = lazy(() => import('./client-parts').then((m) => ({ default: m.ClientPage })));
/** The deposits approaching eligibility: a lazy part of its own (alert-parts.ts). */
const WithdrawalAlerts = lazy(() => import('./alert-parts').then((m) => ({ default: m.WithdrawalAlerts })));
/** The invitations to sign up: a lazy part of its own (invitation-parts.ts). */
const InvitationsPage = lazy(() => import('./invitation-parts').then((m) => ({ default: m.InvitationsPage })));

/** A lazy page, with a spinner saying what it waits for while its part loads. */
const lazyPage = (Page: ComponentType, label: string) => (
  <Suspense fallback={<PageSpinner label={label} />}>
    <Page />
  </Suspense>
);

/** This session may not use the console (it predates the admin's second factor): sign out here, and say to sign in again with a code. */
function SignInAgain() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  // Once: signing out changes the auth state this effect reads.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => {
      notify('error', toastTitles.signInAgain, apiMessages.adminSignInAgain);
      navigate('/', { replace: true });
    });
  }, [signOut, navigate]);
  return <PageSpinner label="Signing out..." />;
}

function RequireAdmin() {
  const { data, error } = useRoute({ route: 'listClients' });
  const { pathname } = useLocation();
  if (error && refusedWith(error, apiMessages.adminSignInAgain)) return <SignInAgain />;
  if (error && refusedWith(error, apiMessages.twoFactorRequired))
    return <Navigate to="/account" replace state={{ reason: 'twoFactorRequired' } satisfies AccountState} />;
  if (error && refusedWith(error, apiMessages.passkeyRequired))
    return <Navigate to="/account#passkeys" replace state={{ reason: 'passkeyRequired' } satisfies AccountState} />;
  if (error) return <Navigate to="/dashboard" replace />;
  if (!data)
    return (
      <PageSpinner
        label={pathname.startsWith('/admin/withdrawal-alerts') ? 'Loading alerts...' : 'Loading admin panel...'}
      />
    );
  return <Outlet />;
}

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdmin />}>
        <Route index element={<AdminDashboard />} />
        <Route path="withdrawal-alerts" element={lazyPage(WithdrawalAlerts, 'Loading alerts...')} />
        <Route path="approvals" element={<ApprovalsPage />} />
        <Route path="activity" element={<ActivityPage />} />
        <Route path="payouts" element={lazyPage(PayoutsPage, 'Loading payouts...')} />
        <Route path="clients/:id" element={lazyPage(ClientPage, 'Loading client...')} />
        <Route path="invitations" element={lazyPage(InvitationsPage, 'Loading invitations...')} />
        <Route path="applications" element={lazyPage(ApplicationsPage, 'Loading applications...')} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
