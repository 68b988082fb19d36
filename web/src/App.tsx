/**
 * Routes and guards (docs/product.md, "Clients and administrators"). The admin pages are a lazy chunk a client never loads.
 */
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ApiProvider } from './api/provider';
import type { Api } from './api/client';
import { lazyAmplifyBackend } from './auth/lazy-backend';
import { type AuthBackend, AuthProvider, clearRequestedReturn, requestedReturn, useAuth } from './auth/session';
import { PageSpinner } from './components/page-spinner';
import { Toaster } from './components/toaster';
import type { AppConfig } from './config';
import { ConfigContext } from './config-context';
import { system } from './theme/system';
import SignIn from './pages/SignIn';

// The first screen is sign-in: every other page is its own chunk, loaded when it is opened
// (and the admin pages never, for a client).
const SignUp = lazy(() => import('./pages/signed-out-pages').then((pages) => ({ default: pages.SignUp })));
const ForgotPassword = lazy(() =>
  import('./pages/signed-out-pages').then((pages) => ({ default: pages.ForgotPassword })),
);
const Dashboard = lazy(() => import('./pages/Dashboard'));
const Account = lazy(() => import('./pages/Account'));
const Documents = lazy(() => import('./pages/Documents'));
const AdminRoutes = lazy(() => import('./pages/admin/AdminRoutes'));
const NotFound = lazy(() => import('./pages/NotFound'));

/** Signed-out users go to sign-in; the page they wanted is remembered. */
function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  // Arrived: a return asked for before the sign-in is spent.
  useEffect(() => {
    if (status === 'signedIn') clearRequestedReturn();
  }, [status]);
  if (status === 'loading') return <PageSpinner label="Loading your account..." />;
  if (status === 'signedOut') return <Navigate to="/" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** A page behind sign-in, loaded as a lazy chunk of its own, saying what it loads meanwhile. */
function SignedInPage({ loading, children }: { loading: string; children: ReactNode }) {
  return (
    <RequireSignIn>
      <Suspense fallback={<PageSpinner label={loading} />}>{children}</Suspense>
    </RequireSignIn>
  );
}

/**
 * Signed-in users have no business on the sign-in pages: they go back to the page a change asked
 * to return to, else admins to /admin from /, everyone else to /dashboard.
 */
function SignedOutOnly({ children, adminTarget }: { children: ReactNode; adminTarget?: string }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner label="Loading your account..." />;
  if (status === 'signedIn')
    return <Navigate to={requestedReturn() ?? (user?.isAdmin && adminTarget ? adminTarget : '/dashboard')} replace />;
  return <>{children}</>;
}

export function AppRoutes({ onReady }: { onReady?: () => void }) {
  return (
    <Suspense fallback={<PageSpinner label="Loading..." />}>
      {/* Inside the boundary: a prerendered page (a lazy one too) is hydrated when this commits. */}
      <ReadySignal onReady={onReady} />
      <Routes>
        <Route
          path="/"
          element={
            <SignedOutOnly adminTarget="/admin">
              <SignIn />
            </SignedOutOnly>
          }
        />
        <Route path="/signup" element={<SignUp />} />
        <Route
          path="/forgot-password"
          element={
            <SignedOutOnly>
              <ForgotPassword />
            </SignedOutOnly>
          }
        />
        <Route
          path="/dashboard"
          element={
            <SignedInPage loading="Loading your portfolio...">
              <Dashboard />
            </SignedInPage>
          }
        />
        <Route
          path="/account"
          element={
            <SignedInPage loading="Loading your account...">
              <Account />
            </SignedInPage>
          }
        />
        <Route
          path="/documents"
          element={
            <SignedInPage loading="Loading your documents...">
              <Documents />
            </SignedInPage>
          }
        />
        <Route
          path="/admin/*"
          element={
            <SignedInPage loading="Loading admin panel...">
              <AdminRoutes />
            </SignedInPage>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

export interface AppProps {
  config: AppConfig;
  /** Tests give a fake auth backend and an API answering from fixtures. */
  authBackend?: AuthBackend;
  api?: Api;
  router?: (children: ReactNode) => ReactNode;
  /** Called once, when the app has rendered (or hydrated) its first screen. */
  onReady?: () => void;
}

/** Calls `onReady` after the first commit of the page: for a prerendered one, once it is hydrated. */
function ReadySignal({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

export function App({
  config,
  authBackend,
  api,
  router = (c) => <BrowserRouter>{c}</BrowserRouter>,
  onReady,
}: AppProps) {
  // Amplify, loaded when it is needed (auth/lazy-backend.ts), unless a test gives its own backend.
  const backend = useMemo(() => authBackend ?? lazyAmplifyBackend(config), [authBackend, config]);
  return (
    <ChakraProvider value={system}>
      <ConfigContext.Provider value={config}>
        <AuthProvider backend={backend}>
          <ApiProvider api={api}>
            {router(<AppRoutes onReady={onReady} />)}
            <Toaster />
          </ApiProvider>
        </AuthProvider>
      </ConfigContext.Provider>
    </ChakraProvider>
  );
}
