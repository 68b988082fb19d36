/**
 * The federated user a Google sign-in makes: `Google_<sub>`, with the attributes the CDK stack
 * maps from Google (infra/aws/auth.ts) written with the app client's write permission. The first
 * sign-in makes it, with the PreSignUp_ExternalProvider and PostConfirmation triggers; every later
 * one writes the mapped attributes again, as Cognito does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { User } from './cognito-local-internals';
import { base64url } from './hosted-ui-replies';
import { assertClientMayWrite } from './operations/attributes';
import { appClient } from './operations/checks';
import type { OperationContext } from './operations/context';
import { EXTERNAL_PROVIDER } from './users';

type Attribute = { Name: string; Value: string };
type Claims = Record<string, unknown>;

/** The attributes the CDK stack maps from Google (infra/aws/auth.ts). */
function mapped(claims: Claims): Attribute[] {
  const text = (name: string) => (typeof claims[name] === 'string' ? claims[name] : undefined);
  const pairs: [string, string | undefined][] = [
    ['email', text('email')?.toLowerCase()],
    ['email_verified', claims.email_verified === true || claims.email_verified === 'true' ? 'true' : 'false'],
    ['given_name', text('given_name')],
    ['family_name', text('family_name')],
    ['picture', text('picture')],
  ];
  return pairs.filter((p): p is [string, string] => p[1] !== undefined).map(([Name, Value]) => ({ Name, Value }));
}

/** A later sign-in: the mapped attributes written again over the user's. */
async function updated(env: OperationContext, existing: User, attributes: Attribute[]): Promise<User> {
  const kept = (existing.Attributes ?? []).filter((a) => !attributes.some((m) => m.Name === a.Name));
  const user: User = { ...existing, Attributes: [...kept, ...attributes], UserLastModifiedDate: env.clock.get() };
  await env.pool.saveUser(env.ctx, user);
  return user;
}

/** The first sign-in: the user made between the sign-up triggers, as Cognito makes it. */
async function created(
  env: OperationContext,
  googleSub: string,
  attributes: Attribute[],
  clientId: string,
): Promise<User> {
  const username = `Google_${googleSub}`;
  const now = env.clock.get();
  const identities = JSON.stringify([
    {
      userId: googleSub,
      providerName: 'Google',
      providerType: 'Google',
      issuer: null,
      primary: true,
      dateCreated: now.getTime(),
    },
  ]);
  const userAttributes = [...attributes, { Name: 'identities', Value: identities }];
  await env.triggers.preSignUp(
    {
      clientId,
      source: 'PreSignUp_ExternalProvider',
      userAttributes,
      username,
      userPoolId: env.userPoolId,
      clientMetadata: undefined,
      validationData: undefined,
    },
    {},
  );
  const user: User = {
    Username: username,
    UserStatus: EXTERNAL_PROVIDER,
    // A federated user has no password in Cognito; cognito-local's record needs one: nobody knows it
    // (and password sign-in refuses EXTERNAL_PROVIDER users anyway, operations/password-verifier.ts).
    Password: base64url(randomBytes(32)),
    Enabled: true,
    Attributes: [{ Name: 'sub', Value: randomUUID() }, ...userAttributes],
    UserCreateDate: now,
    UserLastModifiedDate: now,
    RefreshTokens: [],
  };
  await env.pool.saveUser(env.ctx, user);
  // As in Cognito, the portfolio's trigger runs before the first tokens are issued.
  await env.triggers.postConfirmation({
    clientId,
    source: 'PostConfirmation_ConfirmSignUp',
    userAttributes: user.Attributes ?? [],
    username,
    userPoolId: env.userPoolId,
    clientMetadata: undefined,
  });
  return user;
}

/** The federated user for Google's `sub`: made on the first sign-in, its mapped attributes written again on every later one. */
async function federatedUserNow(env: OperationContext, claims: Claims, clientId: string): Promise<User> {
  const googleSub = String(claims.sub ?? '');
  if (!/^[\w-]{1,255}$/.test(googleSub)) throw new Error('Google ID token without a usable sub');
  const attributes = mapped(claims);
  // Cognito writes the mapped attributes with the app client's write permission, and fails the
  // sign-in when one is missing from it (`email_verified` excepted: shared/user-pool.ts).
  const { client } = await appClient(env, clientId);
  assertClientMayWrite(
    client,
    attributes.map((a) => a.Name).filter((name) => name !== 'email_verified'),
  );
  const username = `Google_${googleSub}`;
  const existing = await env.pool.getUserByUsername(env.ctx, username);
  return existing && existing.Username === username
    ? updated(env, existing, attributes)
    : created(env, googleSub, attributes, clientId);
}

/** One sign-in at a time per Google account: two first sign-ins at once make one user, not two subs. */
export function federatedUsers(env: OperationContext): (claims: Claims, clientId: string) => Promise<User> {
  const signingIn = new Map<string, Promise<User>>();
  return (claims, clientId) => {
    const key = String(claims.sub ?? '');
    const before = signingIn.get(key) ?? Promise.resolve(null);
    const next = before.catch(() => null).then(() => federatedUserNow(env, claims, clientId));
    signingIn.set(key, next);
    void next.finally(() => signingIn.get(key) === next && signingIn.delete(key)).catch(() => undefined);
    return next;
  };
}
