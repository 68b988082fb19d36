/**
 * The Pre Token Generation trigger as the product's pool runs it: the V1_0 event (the ID token's
 * claims; the Essentials plan's V2_0 access-token customization is not configured), sent before
 * every issue of tokens, and what its answer may change. As Cognito documents the trigger
 * ("Pre token generation Lambda trigger"):
 *  - `claimsToAddOrOverride` sets ID token claims, `claimsToSuppress` removes them, and a claim
 *    both suppressed and set is suppressed;
 *  - the claims Cognito itself owns (FIXED_CLAIMS) are never changed;
 *  - `groupOverrideDetails` replaces `cognito:groups` in the ID and the access token; given empty
 *    or null, the groups are suppressed; left out, they stay as they are.
 * The trigger runs in triggers.ts (callTrigger: a throw is UserLambdaValidationException), the
 * result is applied by token-issuer.ts.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { attributesToRecord, type User } from './cognito-local-internals';
import type { EventHeader } from './trigger-events';

/** Why tokens are issued, as the event's triggerSource names it. */
export type TokenSource = PreTokenGenerationTriggerEvent['triggerSource'];

/** What the trigger's answer changes in the tokens about to be issued. */
export interface ClaimsOverride {
  addOrOverride: Readonly<Record<string, string>>;
  suppress: readonly string[];
  /** The groups the tokens carry instead of the user's; undefined leaves them as they are. */
  groups?: readonly string[];
}

/** "You can not modify the following claims" (the trigger's documentation), and the groups claim, which only groupOverrideDetails changes. */
const FIXED_CLAIMS = new Set([
  'acr',
  'amr',
  'aud',
  'at_hash',
  'auth_time',
  'azp',
  'cognito:username',
  'exp',
  'iat',
  'identities',
  'iss',
  'jti',
  'nbf',
  'nonce',
  'origin_jti',
  'sub',
  'token_use',
  'cognito:groups',
]);

export interface TokenRequest {
  user: User;
  groups: readonly string[];
  clientId: string;
  userPoolId: string;
  source: TokenSource;
  clientMetadata?: Record<string, string> | undefined;
}

/** The event Cognito sends: the user's attributes with its status, as they would enter the ID token, and its groups. */
export function preTokenGenerationEvent(
  request: TokenRequest,
  header: EventHeader<TokenSource>,
): PreTokenGenerationTriggerEvent {
  const { user, groups, clientMetadata } = request;
  return {
    ...header,
    request: {
      userAttributes: { ...attributesToRecord(user.Attributes), 'cognito:user_status': String(user.UserStatus) },
      groupConfiguration: { groupsToOverride: [...groups], iamRolesToOverride: [] },
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: { claimsOverrideDetails: {} },
  };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The trigger's answer, as far as Cognito reads it (string claims; anything else is left out). */
export function overrideOf(response: PreTokenGenerationTriggerEvent['response'] | undefined): ClaimsOverride {
  const details: unknown = response?.claimsOverrideDetails;
  if (typeof details !== 'object' || details === null) return { addOrOverride: {}, suppress: [] };
  const added: unknown = 'claimsToAddOrOverride' in details ? details.claimsToAddOrOverride : undefined;
  const addOrOverride = Object.fromEntries(
    Object.entries(typeof added === 'object' && added !== null ? added : {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const suppress = strings('claimsToSuppress' in details ? details.claimsToSuppress : undefined);
  if (!('groupOverrideDetails' in details) || details.groupOverrideDetails === undefined)
    return { addOrOverride, suppress };
  const groupDetails: unknown = details.groupOverrideDetails;
  const groups =
    typeof groupDetails === 'object' && groupDetails !== null && 'groupsToOverride' in groupDetails
      ? strings(groupDetails.groupsToOverride)
      : [];
  return { addOrOverride, suppress, groups };
}

/** The ID token's claims with the trigger's changes. */
export function customizedIdClaims(
  claims: Readonly<Record<string, unknown>>,
  override: ClaimsOverride | null,
): Record<string, unknown> {
  if (!override) return { ...claims };
  const out: Record<string, unknown> = { ...claims };
  for (const [name, value] of Object.entries(override.addOrOverride)) if (!FIXED_CLAIMS.has(name)) out[name] = value;
  for (const name of override.suppress) if (!FIXED_CLAIMS.has(name)) delete out[name];
  return out;
}

/** The groups both tokens carry. */
export const customizedGroups = (groups: readonly string[], override: ClaimsOverride | null): readonly string[] =>
  override?.groups ?? groups;
