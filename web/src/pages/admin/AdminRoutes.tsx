/**
 * The admin pages (spec section 2). Admin status is established by the admin client list
 * (spec section 6): while it loads a spinner, on any failure the user goes to /dashboard, so
 * a non-admin never sees admin data. An administrator the API refuses for want of two-factor
 * sign-in goes to /account instead, which says why and offers to set it up.
 */
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { apiMessages } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { useRoute } from '../../api/hooks';
import { PageSpinner } from '../../components/page-spinner';
import type { AccountState } from '../account/notice';
import NotFound from '../NotFound';

const needsTwoFactor = (error: unknown) => error instanceof ApiError && error.status === 403 && error.serverMessage === apiMessages.twoFactorRequired;
import AdminDashboard from './AdminDashboard';
import WithdrawalAlerts from './WithdrawalAlerts';

function RequireAdmin() {
  const { data, error } = useRoute({ route: 'listClients' });
  const { pathname } = useLocation();
  if (error && needsTwoFactor(error)) return <Navigate to="/account" replace state={{ reason: 'twoFactorRequired' } satisfies AccountState} />;
  if (error) return <Navigate to="/dashboard" replace />;
  if (!data) return <PageSpinner label={pathname.startsWith('/admin/withdrawal-alerts') ? 'Loading alerts...' : 'Loading admin panel...'} />;
  return <Outlet />;
}

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdmin />}>
        <Route index element={<AdminDashboard />} />
        <Route path="withdrawal-alerts" element={<WithdrawalAlerts />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
