/**
 * Renders the real App at a path with a fake auth backend (no Cognito) and an API that answers
 * from fixtures (no server), so each screen's states can be driven from a test.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { App } from '../App';
import { ApiError, type Api, type RequestOptions } from '../api/client';
import type { AccountBackend, AuthBackend } from '../auth/session';
import type { AppConfig } from '../config';
import { apiMessages, errors } from '../../../shared/messages';

export const testConfig: AppConfig = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'client',
  googleSignIn: false,
  oauthDomain: null,
};

export interface FakeUser {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
  /** Two-factor sign-in (an authenticator app) is on. */
  totp?: boolean;
  /** Signs in through this identity provider ('Google') rather than with a password. */
  provider?: string;
  /** The session's sign-in is older than the API takes for a change of the second factor. */
  signedInLongAgo?: boolean;
  /** The user's passkeys, as GET /api/me/passkeys lists them. */
  passkeys?: { id: string; name: string; createdAt: string }[];
}

export const alice: FakeUser = {
  sub: 'alice-sub',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Example',
};
export const adminUser: FakeUser = {
  sub: 'admin-sub',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  isAdmin: true,
};

/** The code the fake authenticator app shows: the fake backend takes this one and refuses any other. */
export const FAKE_TOTP_CODE = '123456';
export const FAKE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** Every fake user's password, where the fake checks one (changing it, setting two-factor up or off). */
export const FAKE_PASSWORD = 'Passw0rd!';

/** An error as Amplify passes Cognito's on: `name` is Cognito's exception name. */
export const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

/**
 * A fake Cognito: `signedIn` starts the session; every action is a jest.fn you can inspect or
 * override. The account actions change the signed-in fake user as Cognito would change the user.
 */
export function fakeAuth(signedIn: FakeUser | null, overrides: Partial<AuthBackend> = {}) {
  let current = signedIn;
  const signedInUser = () => {
    if (!current)
      throw cognitoError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.');
    return current;
  };
  const backend: AuthBackend & { account: AccountBackend; setUser(u: FakeUser | null): void; user(): FakeUser | null } =
    {
      setUser(u) {
        current = u;
      },
      user: () => current,
      session: jest.fn(async () =>
        current
          ? {
              accessToken: `token-of-${current.sub}`,
              accessClaims: { sub: current.sub, 'cognito:groups': current.isAdmin ? ['admins'] : [] },
              idClaims: {
                sub: current.sub,
                email: current.email,
                given_name: current.firstName,
                family_name: current.lastName,
                'cognito:username': current.provider ? `${current.provider}_${current.sub}` : current.sub,
                ...(current.provider
                  ? {
                      identities: [{ providerName: current.provider, providerType: current.provider, primary: 'true' }],
                    }
                  : {}),
              },
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
      confirmTotp: jest.fn(async (code: string) => {
        if (code !== FAKE_TOTP_CODE) throw cognitoError('CodeMismatchException', 'Invalid code received for user');
      }),
      signInWithPasskey: jest.fn(async () => 'signedIn' as const),
      onSignedIn: jest.fn(() => () => undefined),
      account: {
        mfaStatus: jest.fn(async () => ({ totp: signedInUser().totp === true })),
        // Every session ends; the page then signs this device out as usual (`signOut`).
        signOutEverywhere: jest.fn(async () => undefined),
      },
      ...overrides,
    };
  return backend;
}

export type Handler = (body: unknown, path: string, options?: RequestOptions) => unknown;

/**
 * An API answering `"METHOD /path"` keys (with or without the query) from handlers (a `Handler`, or
 * the answer itself); a handler may throw `apiError(...)`. Unknown calls fail the test loudly.
 */
export function fixtureApi(handlers: Record<string, unknown>) {
  const calls: { method: string; path: string; body: unknown; accessToken?: string }[] = [];
  const api: Api = async (path: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    calls.push({
      method,
      path,
      body: options.body,
      ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    });
    // An exact path with its query first; else the path's handler, which reads the query itself.
    const exact = `${method} ${path}`;
    const key = exact in handlers ? exact : `${method} ${path.split('?')[0]}`;
    if (!(key in handlers)) throw new Error(`no fixture for ${exact}`);
    const handler = handlers[key];
    await Promise.resolve();
    return typeof handler === 'function' ? (handler as Handler)(options.body, path, options) : handler;
  };
  return Object.assign(api, { calls });
}

/** The options Cognito hands out for a new passkey (a fake's: the browser's part is faked too). */
export const FAKE_PASSKEY_OPTIONS = {
  rp: { id: 'localhost', name: 'Aurum' },
  user: { id: 'dXNlcg', name: 'alice@example.com', displayName: 'alice@example.com' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  timeout: 60000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};

/**
 * The API's routes of the caller's own sign-in (POST /api/me/...) as the API answers them for the
 * fake backend's user: the fake password for a secret to set up, the fake app's code to confirm
 * it, both to turn it off (each of the two for a sign-in that is not `signedInLongAgo`), the fake
 * password to change it; the passkeys' list, options for a new one and its adding (for a sign-in
 * that is not `signedInLongAgo`). Each changes the fake user as the API would (through Cognito);
 * confirming, adding a passkey and changing the password end every session.
 */
export function accountApi(backend: ReturnType<typeof fakeAuth>): Record<string, Handler> {
  const me = () => {
    const user = backend.user();
    if (!user) throw apiError(401, errors.account.sessionEnded);
    return user;
  };
  return {
    'POST /api/me/two-factor/setup': (body) => {
      if (me().signedInLongAgo) throw apiError(403, apiMessages.freshSignInRequired);
      if (me().totp) throw apiError(409, apiMessages.twoFactorAlreadyOn);
      if ((body as { password?: string }).password !== FAKE_PASSWORD)
        throw apiError(400, errors.account.wrongCurrentPassword);
      return { secretCode: FAKE_TOTP_SECRET };
    },
    'POST /api/me/two-factor/verify': (body) => {
      if ((body as { code?: string }).code !== FAKE_TOTP_CODE) throw apiError(400, errors.twoFactor.wrongCode);
      backend.setUser({ ...me(), totp: true });
      return { success: true, signedOut: true };
    },
    'POST /api/me/two-factor/disable': (body) => {
      if (me().signedInLongAgo) throw apiError(403, apiMessages.freshSignInRequired);
      if (!me().totp) throw apiError(409, apiMessages.twoFactorAlreadyOff);
      const { password, code } = body as { password?: string; code?: string };
      if (password !== FAKE_PASSWORD) throw apiError(400, errors.account.wrongCurrentPassword);
      if (code !== FAKE_TOTP_CODE) throw apiError(400, errors.twoFactor.wrongCode);
      backend.setUser({ ...me(), totp: false });
      return { success: true };
    },
    'GET /api/me/passkeys': () => ({ passkeys: me().passkeys ?? [], passkeyRequiredForAdmin: false }),
    'POST /api/me/passkeys/options': () => {
      if (me().signedInLongAgo) throw apiError(403, apiMessages.freshSignInRequired);
      return { options: FAKE_PASSKEY_OPTIONS };
    },
    'POST /api/me/passkeys': (body) => {
      if (me().signedInLongAgo) throw apiError(403, apiMessages.freshSignInRequired);
      const { name, credential } = body as { name: string; credential: { id: string } };
      const added = { id: credential.id, name, createdAt: new Date().toISOString() };
      backend.setUser({ ...me(), passkeys: [...(me().passkeys ?? []), added] });
      return { success: true, signedOut: true };
    },
    'POST /api/me/password': (body) => {
      if ((body as { previousPassword?: string }).previousPassword !== FAKE_PASSWORD)
        throw apiError(400, errors.account.wrongCurrentPassword);
      me();
      return { success: true, signedOut: true };
    },
  };
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
