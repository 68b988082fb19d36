/**
 * Renders the real App at a path with a fake auth backend (no Cognito) and an API that answers
 * from fixtures (no server), so each screen's states can be driven from a test.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { App } from '../App';
import { ApiError, type Api, type RequestOptions } from '../api/client';
import type { AuthBackend } from '../auth/session';
import type { AppConfig } from '../config';

export const testConfig: AppConfig = { region: 'us-east-1', userPoolId: 'us-east-1_test', userPoolClientId: 'client', googleSignIn: false, oauthDomain: null };

export interface FakeUser {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
}

export const alice: FakeUser = { sub: 'alice-sub', email: 'alice@example.com', firstName: 'Alice', lastName: 'Example' };
export const adminUser: FakeUser = { sub: 'admin-sub', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', isAdmin: true };

/** A fake Cognito: `signedIn` starts the session; every action is a jest.fn you can inspect or override. */
export function fakeAuth(signedIn: FakeUser | null, overrides: Partial<AuthBackend> = {}) {
  let current = signedIn;
  const backend: AuthBackend & { setUser(u: FakeUser | null): void } = {
    setUser(u) {
      current = u;
    },
    session: jest.fn(async () =>
      current
        ? {
            accessToken: `token-of-${current.sub}`,
            accessClaims: { sub: current.sub, 'cognito:groups': current.isAdmin ? ['admins'] : [] },
            idClaims: { sub: current.sub, email: current.email, given_name: current.firstName, family_name: current.lastName },
          }
        : null,
    ),
    signIn: jest.fn(async () => 'signedIn' as const),
    signUp: jest.fn(async () => 'confirmSignUp' as const),
    confirmSignUp: jest.fn(async () => ({ signedIn: true })),
    resendCode: jest.fn(async () => undefined),
    sendResetCode: jest.fn(async () => undefined),
    confirmReset: jest.fn(async () => undefined),
    signInWithGoogle: jest.fn(async () => undefined),
    signOut: jest.fn(async () => {
      current = null;
    }),
    onSignedIn: jest.fn(() => () => undefined),
    ...overrides,
  };
  return backend;
}

export type Handler = (body: unknown, path: string) => unknown;

/** An API answering `"METHOD /path"` keys from handlers; a handler may throw `apiError(...)`. Unknown calls fail the test loudly. */
export function fixtureApi(handlers: Record<string, Handler | unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const api: Api = async <T,>(path: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body });
    const key = `${method} ${path}`;
    if (!(key in handlers)) throw new Error(`no fixture for ${key}`);
    const handler = handlers[key];
    await Promise.resolve();
    return (typeof handler === 'function' ? (handler as Handler)(options.body, path) : handler) as T;
  };
  return Object.assign(api, { calls });
}

export function apiError(status: number, error: string): ApiError {
  return new ApiError(status, JSON.stringify({ error }), '');
}

export function renderApp(path: string, options: { backend: AuthBackend; api: Api; config?: Partial<AppConfig> }) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <App
        config={{ ...testConfig, ...options.config }}
        authBackend={options.backend}
        api={options.api}
        router={(children) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>}
      />
    </SWRConfig>,
  );
}
