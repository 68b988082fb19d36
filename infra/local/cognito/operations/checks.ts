/**
 * The checks real Cognito makes that cognito-local does not: the app client and its settings,
 * the API's password constraints and the pool's policy, unique e-mail addresses, user-existence
 * error prevention and the attempt limits of codes.
 */
import { checkNames } from '../../../../shared/forms';
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { attemptLimitExceeded, codeMismatch, cognitoError, emailTaken, invalidParameter, usernameClientNotFound } from '../errors';
import { signsInWithEmail } from '../users';
import { passwordConstraintError } from '../validation';
import type { ClientAndPool, OperationContext } from './context';

export async function appClient(env: OperationContext, id: unknown): Promise<ClientAndPool> {
  const client = typeof id === 'string' ? await env.cognito.getAppClient(env.ctx, id) : null;
  if (!client) throw cognitoError('ResourceNotFoundException', `User pool client ${String(id)} does not exist.`);
  return { client, pool: await env.cognito.getUserPool(env.ctx, client.UserPoolId) };
}

/** The pool an Admin* request names. */
export const poolNamed = (env: OperationContext, id: unknown) => env.cognito.getUserPool(env.ctx, String(id));

/** The user a request's `Username` names, or null. */
export const userNamed = (env: OperationContext, pool: UserPoolService, name: unknown) =>
  pool.getUserByUsername(env.ctx, String(name ?? ''));

/** The app client's PreventUserExistenceErrors: 'ENABLED' answers unknown users as known ones. */
export const preventsExistenceErrors = (client: AppClient) => client.PreventUserExistenceErrors === 'ENABLED';

/** The user `name` names; an unknown one is an error only where the client does not prevent existence errors. */
export async function userUnlessPrevented(env: OperationContext, { client, pool }: ClientAndPool, name: unknown): Promise<User | null> {
  const user = await userNamed(env, pool, name);
  if (!user && !preventsExistenceErrors(client)) throw usernameClientNotFound();
  return user;
}

/** What the attempt limits count against: the user, or (no such user) the name asked for. */
export const limitKey = (user: User | null, asked: unknown) => (user ? `user:${String(user.Username)}` : `name:${String(asked ?? '').toLowerCase()}`);

export function flowAllowed(client: AppClient, flow: string): boolean {
  const flows: string[] = client.ExplicitAuthFlows ?? [];
  return flows.length === 0 || flows.includes(flow) || flows.includes(`ALLOW_${flow}`);
}

/**
 * A confirmation or reset code, within the attempt limits: a locked-out name is refused before
 * its code is looked at, and a wrong code (or none to match, as for an unknown user) counts.
 */
export function assertCodeNotLocked(env: OperationContext, key: string): void {
  if (env.limits.codeLocked(key)) throw attemptLimitExceeded();
}

export function assertCode(env: OperationContext, key: string, user: User | null, code: unknown): asserts user is User {
  if (!user?.ConfirmationCode || user.ConfirmationCode !== code) {
    env.limits.codeFailed(key);
    throw codeMismatch();
  }
  env.limits.codeSucceeded(key);
}

/**
 * The API's own constraints on the password member (validation.ts), then the pool's policy.
 * `member` is the request member's name as the API's validation message gives it.
 */
export function assertPassword(env: OperationContext, password: unknown, member: string): asserts password is string {
  if (typeof password !== 'string') throw invalidParameter('Missing required parameter PASSWORD');
  const invalid = passwordConstraintError(password, member);
  if (invalid) throw invalidParameter(invalid);
  const policy = env.pool.options.Policies?.PasswordPolicy;
  const problem =
    password.length < (policy?.MinimumLength ?? def.passwordMinLength) ? 'Password not long enough'
    : policy?.RequireUppercase && !/[A-Z]/.test(password) ? 'Password must have uppercase characters'
    : policy?.RequireLowercase && !/[a-z]/.test(password) ? 'Password must have lowercase characters'
    : policy?.RequireNumbers && !/[0-9]/.test(password) ? 'Password must have numeric characters'
    : policy?.RequireSymbols && !/[^A-Za-z0-9]/.test(password) ? 'Password must have symbol characters'
    : null;
  if (problem) throw cognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
}

/** A request's UserAttributes as name and value pairs (entries of any other shape left out). */
function requestedAttributes(attributes: unknown): { name: unknown; value: unknown }[] {
  if (!Array.isArray(attributes)) return [];
  const entries: unknown[] = attributes;
  return entries.flatMap((a) => (typeof a === 'object' && a !== null && 'Name' in a ? [{ name: a.Name, value: 'Value' in a ? a.Value : undefined }] : []));
}

/** The e-mail a request's UserAttributes set, if any. */
const requestedEmail = (attributes: unknown): unknown => requestedAttributes(attributes).find((a) => a.name === 'email')?.value;

/** The name attributes the PreSignUp trigger checks (lambdas/triggers/pre-sign-up.ts). */
const NAME_ATTRIBUTES = new Set(['given_name', 'family_name', 'name']);

/**
 * What a user may change of their own attributes (UpdateUserAttributes), beyond cognito-local's
 * schema checks. Both are this product's rules, not Cognito's (in AWS the pool's `email` is
 * mutable and no trigger sees an update):
 *  - not `email`: the portal shows it read-only (it is the sign-in name, and the books' contact),
 *    refused with the wording Cognito gives an immutable attribute;
 *  - names with control or text-direction characters, refused as the PreSignUp trigger refuses
 *    them at sign-up (the same check, shared/forms.ts).
 */
export function assertSelfServiceAttributes(attributes: unknown): void {
  const requested = requestedAttributes(attributes);
  if (requested.some((a) => a.name === 'email')) {
    throw invalidParameter('user.email: Attribute cannot be updated. (the e-mail address is the sign-in name and is read-only)');
  }
  const names = requested.filter((a) => NAME_ATTRIBUTES.has(String(a.name))).map((a) => (typeof a.value === 'string' ? a.value : undefined));
  const unsafe = checkNames(...names);
  if (unsafe) throw invalidParameter(unsafe);
}

/** UpdateUserAttributes and AdminUpdateUserAttributes: an e-mail is one user's only (it is the sign-in name). */
export async function assertEmailFree(env: OperationContext, pool: UserPoolService, user: User, attributes: unknown): Promise<void> {
  const wanted = requestedEmail(attributes);
  if (typeof wanted !== 'string') return;
  const users = await pool.listUsers(env.ctx);
  if (users.some((u) => u.Username !== user.Username && signsInWithEmail(u, wanted))) throw emailTaken();
}
