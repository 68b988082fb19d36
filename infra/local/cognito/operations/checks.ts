/**
 * The checks real Cognito makes that cognito-local does not: the app client and its settings,
 * the API's password constraints and the pool's policy, user-existence error prevention and the
 * attempt limits of codes. (Attributes: attributes.ts.)
 */
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { cognitoError, invalidParameter, refusal } from '../errors';
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
export async function userUnlessPrevented(
  env: OperationContext,
  { client, pool }: ClientAndPool,
  name: unknown,
): Promise<User | null> {
  const user = await userNamed(env, pool, name);
  if (!user && !preventsExistenceErrors(client)) throw refusal('usernameClientNotFound');
  return user;
}

/** What the attempt limits count against: the user, or (no such user) the name asked for. */
export const limitKey = (user: User | null, asked: unknown) =>
  user ? `user:${String(user.Username)}` : `name:${String(asked ?? '').toLowerCase()}`;

export function flowAllowed(client: AppClient, flow: string): boolean {
  const flows: string[] = client.ExplicitAuthFlows ?? [];
  return flows.length === 0 || flows.includes(flow) || flows.includes(`ALLOW_${flow}`);
}

/**
 * A confirmation or reset code, within the attempt limits: a locked-out name is refused before
 * its code is looked at, and a wrong code (or none to match, as for an unknown user) counts.
 */
export function assertCodeNotLocked(env: OperationContext, key: string): void {
  if (env.limits.codeLocked(key)) throw refusal('attemptLimitExceeded');
}

export function assertCode(env: OperationContext, key: string, user: User | null, code: unknown): asserts user is User {
  if (!user?.ConfirmationCode || user.ConfirmationCode !== code) {
    env.limits.codeFailed(key);
    throw refusal('codeMismatch');
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
    password.length < (policy?.MinimumLength ?? def.passwordMinLength)
      ? 'Password not long enough'
      : policy?.RequireUppercase && !/[A-Z]/.test(password)
        ? 'Password must have uppercase characters'
        : policy?.RequireLowercase && !/[a-z]/.test(password)
          ? 'Password must have lowercase characters'
          : policy?.RequireNumbers && !/[0-9]/.test(password)
            ? 'Password must have numeric characters'
            : policy?.RequireSymbols && !/[^A-Za-z0-9]/.test(password)
              ? 'Password must have symbol characters'
              : null;
  if (problem) throw cognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
}
