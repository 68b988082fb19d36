/**
 * The tokens this pool issues, with the claims real Cognito puts in them (cognito-local's own
 * generator signs with a key shipped in the package and leaves out `origin_jti`, `event_id` and
 * the profile attributes the product reads), signed with the data folder's RS256 key (tokens.ts),
 * after the pool's Pre Token Generation trigger, which runs before every issue as in Cognito
 * (token-customization.ts).
 */
import { randomUUID } from 'node:crypto';
import { userPoolDefinition as def } from '../../../shared/user-pool';
import { attributesToRecord, type AppClient, type User } from './cognito-local-internals';
import {
  customizedGroups,
  customizedIdClaims,
  type ClaimsOverride,
  type TokenRequest,
  type TokenSource,
} from './token-customization';
import { signJwt, type SigningKey } from './tokens';

export type { TokenSource } from './token-customization';

export interface IssuedTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/**
 * A refresh keeps the session's origin and the time of the sign-in that started it; its refresh
 * token is a new one of the same session (refreshes rotate: operations/sessions.ts).
 */
export interface RefreshedSession {
  originJti: string;
  authTime: number;
  /** The access tokens' scope at sign-in (a hosted-UI sign-in's), kept by its refreshes. */
  scope?: string;
  /** How the sign-in was made (`amr`), kept by its refreshes; none for a hosted-UI sign-in. */
  amr?: readonly string[];
}

export interface IssueOptions {
  /** Why: the trigger's source (a sign-in, a new password, a refresh, the hosted UI). */
  source: TokenSource;
  /** Set for a refresh: what the session keeps. */
  refresh?: RefreshedSession;
  /**
   * The access token's scope, as the hosted UI's code flow asked for it; the API-based flows
   * (InitiateAuth...) give `aws.cognito.signin.user.admin` alone, as Cognito does.
   */
  scope?: string;
  /**
   * How the user signed in, as the `amr` claim of both tokens (shared/user-pool.ts
   * `signInMethods`): the API-based sign-ins give it, the hosted UI's (Google) none.
   */
  amr?: readonly string[];
  clientMetadata?: Record<string, string> | undefined;
}

export type IssueTokens = (
  user: User,
  groups: readonly string[],
  client: AppClient,
  options: IssueOptions,
) => Promise<IssuedTokens>;

/** The Pre Token Generation trigger's changes for one issue, or null when the pool has none. */
export type CustomizeTokens = (request: TokenRequest) => Promise<ClaimsOverride | null>;

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

function seconds(value: number | undefined, unit: string | undefined, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  return value * (UNIT_SECONDS[unit ?? 'hours'] ?? 3600);
}

function parsedOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The ID token's profile claims: Cognito gives the `*_verified` flags as booleans, `updated_at` as a number. */
function profileClaims(attrs: Record<string, string>): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'sub') continue;
    if (name === 'email_verified' || name === 'phone_number_verified') profile[name] = value === 'true';
    else if (name === 'updated_at') profile[name] = Number(value);
    // A federated user's providers: stored as JSON text, given in the ID token as the array it holds.
    else if (name === 'identities') profile[name] = parsedOr(value);
    else profile[name] = value;
  }
  return profile;
}

/** The sign-in's `amr`: a refresh keeps the one its session began with. */
function amrOf(options: IssueOptions): { amr?: string[] } {
  const amr = options.refresh ? options.refresh.amr : options.amr;
  return amr ? { amr: [...amr] } : {};
}

/** What every token of one issue shares. */
interface IssueBasics {
  sub: string;
  iss: string;
  originJti: string;
  eventId: string;
  authTime: number;
  now: number;
  groupClaim: { 'cognito:groups'?: string[] };
  amrClaim: { amr?: string[] };
}

/** How long each token of `client` lasts, in seconds (the client's validity in its units, or Cognito's defaults). */
function lifetimes(client: AppClient) {
  const units = client.TokenValidityUnits ?? {};
  return {
    access: seconds(client.AccessTokenValidity, units.AccessToken ?? 'hours', 3600),
    id: seconds(client.IdTokenValidity, units.IdToken ?? 'hours', 3600),
    refresh: seconds(client.RefreshTokenValidity, units.RefreshToken ?? 'days', 30 * 86400),
  };
}

/** The three tokens, once the trigger has had its say. */
function signTokens(
  key: SigningKey,
  iss: string,
  user: User,
  groups: readonly string[],
  client: AppClient,
  options: IssueOptions,
  override: ClaimsOverride | null,
  signedInAt: number,
): IssuedTokens {
  const { refresh } = options;
  const scope = refresh?.scope ?? options.scope ?? def.apiScope;
  const now = Math.floor(Date.now() / 1000);
  const ttl = lifetimes(client);
  const attrs = attributesToRecord(user.Attributes);
  const tokenGroups = customizedGroups(groups, override);
  const basics: IssueBasics = {
    sub: attrs.sub ?? user.Username,
    iss,
    originJti: refresh?.originJti ?? randomUUID(),
    eventId: randomUUID(),
    // The time of the sign-in that opened the session, in every token of it: a refresh keeps it.
    authTime: refresh?.authTime ?? signedInAt,
    now,
    groupClaim: tokenGroups.length ? { 'cognito:groups': [...tokenGroups] } : {},
    amrClaim: amrOf(options),
  };
  const { sub, originJti, eventId, authTime, groupClaim, amrClaim } = basics;

  const accessToken = signJwt(key, {
    sub,
    ...groupClaim,
    iss,
    client_id: client.ClientId,
    origin_jti: originJti,
    event_id: eventId,
    token_use: 'access',
    scope,
    auth_time: authTime,
    ...amrClaim,
    exp: now + ttl.access,
    iat: now,
    jti: randomUUID(),
    username: user.Username,
  });

  const idClaims = customizedIdClaims({ sub, ...groupClaim, email_verified: false, ...profileClaims(attrs) }, override);
  const idToken = signJwt(key, {
    ...idClaims,
    sub,
    ...groupClaim,
    iss,
    'cognito:username': user.Username,
    origin_jti: originJti,
    aud: client.ClientId,
    event_id: eventId,
    token_use: 'id',
    auth_time: authTime,
    ...amrClaim,
    exp: now + ttl.id,
    iat: now,
    jti: randomUUID(),
  });

  const refreshToken = signRefreshToken(key, basics, {
    username: user.Username,
    clientId: client.ClientId,
    scope,
    ttl: ttl.refresh,
  });
  return {
    AccessToken: accessToken,
    IdToken: idToken,
    RefreshToken: refreshToken,
    ExpiresIn: ttl.access,
    TokenType: 'Bearer',
  };
}

/** Real refresh tokens are opaque; this one is a signed JWT so its client and expiry can be checked. */
function signRefreshToken(
  key: SigningKey,
  basics: IssueBasics,
  of: { username: string; clientId: string; scope: string; ttl: number },
): string {
  const { sub, iss, originJti, authTime, now, amrClaim } = basics;
  return signJwt(key, {
    token_use: 'refresh',
    iss,
    sub,
    username: of.username,
    client_id: of.clientId,
    origin_jti: originJti,
    auth_time: authTime,
    ...amrClaim,
    ...(of.scope === def.apiScope ? {} : { scope: of.scope }),
    iat: now,
    exp: now + of.ttl,
    jti: randomUUID(),
  });
}

export function createTokenIssuer(
  key: SigningKey,
  issuerOf: (userPoolId: string) => string,
  customize: CustomizeTokens,
) {
  const issueTokens: IssueTokens = async (user, groups, client, options) => {
    // The sign-in happened before the trigger runs (as in Cognito): what the trigger records while
    // it runs (lambdas/lib/http/admin-moments.ts) is later than this session's auth_time.
    const signedInAt = Math.floor(Date.now() / 1000);
    const override = await customize({
      user,
      groups,
      clientId: client.ClientId,
      userPoolId: client.UserPoolId,
      source: options.source,
      clientMetadata: options.clientMetadata,
    });
    return signTokens(key, issuerOf(client.UserPoolId), user, groups, client, options, override, signedInAt);
  };

  return { issueTokens };
}
