/**
 * User attributes as Cognito guards them, in front of cognito-local (which checks only its
 * schema):
 *  - the API's constraint on every value (at most 2048 characters, validation.ts);
 *  - the app client's WriteAttributes on what a user writes of their own: SignUp's UserAttributes,
 *    UpdateUserAttributes and DeleteUserAttributes, refused with "A client attempted to write
 *    unauthorized attribute" (NotAuthorizedException) for any attribute not on it. A client
 *    without the list may write every standard attribute, but no `*_verified` flag;
 *  - an e-mail address only one user may have, on AdminUpdateUserAttributes.
 * One rule here is this product's and not Cognito's (assertEmailUnchanged).
 */
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { invalidParameter, notAuthorized, refusal } from '../errors';
import { signsInWithEmail } from '../users';
import { attributeConstraintError } from '../validation';
import { appClient, poolNamed, userNamed } from './checks';
import type { OperationContext, Operations } from './context';
import { checkAccessToken } from './sessions';

/** The flags only verification (or an administrator) sets: no app client's default lets a user write them. */
const VERIFIED_FLAGS = new Set(['email_verified', 'phone_number_verified']);

/** A request's UserAttributes as name and value pairs (entries of any other shape left out). */
function requestedAttributes(attributes: unknown): { name: unknown; value: unknown }[] {
  if (!Array.isArray(attributes)) return [];
  const entries: unknown[] = attributes;
  return entries.flatMap((a) =>
    typeof a === 'object' && a !== null && 'Name' in a
      ? [{ name: a.Name, value: 'Value' in a ? a.Value : undefined }]
      : [],
  );
}

/** The e-mail a request's UserAttributes set, if any. */
const requestedEmail = (attributes: unknown): unknown =>
  requestedAttributes(attributes).find((a) => a.name === 'email')?.value;

/** Cognito's refusal of an attribute the app client may not write. */
export const unauthorizedAttribute = () => notAuthorized('A client attempted to write unauthorized attribute');

/** Every name in `names` is one the client lets its users write. */
export function assertClientMayWrite(client: AppClient, names: readonly unknown[]): void {
  const writable = client.WriteAttributes;
  const allowed = (name: unknown) =>
    typeof name === 'string' && (writable ? writable.includes(name) : !VERIFIED_FLAGS.has(name));
  if (!names.every(allowed)) throw unauthorizedAttribute();
}

/** A request's UserAttributes, member `member`: the API's constraint on values, then the client's write permission. */
export function assertWritableAttributes(client: AppClient, attributes: unknown, member: string): void {
  const invalid = attributeConstraintError(attributes, member);
  if (invalid) throw invalidParameter(invalid);
  assertClientMayWrite(
    client,
    requestedAttributes(attributes).map((a) => a.name),
  );
}

/**
 * One rule here is this product's and not Cognito's: a user cannot change their own `email`
 * (the portal shows it read-only: it is the sign-in name, and the books' contact), refused with
 * the wording Cognito gives an immutable attribute. In AWS the pool's `email` is writable (sign-up
 * writes it), and a new address takes effect only once its code is confirmed (keepOriginal);
 * cognito-local would change it at once, unverified, so the local pool refuses it instead: the
 * stricter of the two. Names get no check of the product's here, as in Cognito, where no trigger
 * sees an update: the names route checks them, and tokens carry the profile's.
 */
function assertEmailUnchanged(attributes: unknown): void {
  if (requestedAttributes(attributes).some((a) => a.name === 'email')) {
    throw invalidParameter(
      'user.email: Attribute cannot be updated. (the e-mail address is the sign-in name and is read-only)',
    );
  }
}

/** AdminUpdateUserAttributes: an e-mail is one user's only (it is the sign-in name). */
async function assertEmailFree(
  env: OperationContext,
  pool: UserPoolService,
  user: User,
  attributes: unknown,
): Promise<void> {
  const wanted = requestedEmail(attributes);
  if (typeof wanted !== 'string') return;
  const users = await pool.listUsers(env.ctx);
  if (users.some((u) => u.Username !== user.Username && signsInWithEmail(u, wanted))) throw refusal('emailTaken');
}

/** The app client an access token was issued to. */
async function clientOfToken(env: OperationContext, token: unknown): Promise<AppClient> {
  const { payload } = await checkAccessToken(env, token);
  return (await appClient(env, payload.client_id)).client;
}

export function attributeOperations(env: OperationContext): Operations {
  return {
    async UpdateUserAttributes(req) {
      const invalid = attributeConstraintError(req.UserAttributes, 'userAttributes');
      if (invalid) throw invalidParameter(invalid);
      assertClientMayWrite(
        await clientOfToken(env, req.AccessToken),
        requestedAttributes(req.UserAttributes).map((a) => a.name),
      );
      // (so no e-mail change reaches assertEmailFree here: see AdminUpdateUserAttributes)
      assertEmailUnchanged(req.UserAttributes);
      return env.callTarget('UpdateUserAttributes', req);
    },

    async DeleteUserAttributes(req) {
      const names: unknown = req.UserAttributeNames;
      assertClientMayWrite(await clientOfToken(env, req.AccessToken), Array.isArray(names) ? names : []);
      return env.callTarget('DeleteUserAttributes', req);
    },

    async AdminUpdateUserAttributes(req) {
      const pool = await poolNamed(env, req.UserPoolId);
      const user = await userNamed(env, pool, req.Username);
      if (!user) throw refusal('userNotFound');
      await assertEmailFree(env, pool, user, req.UserAttributes);
      return env.callTarget('AdminUpdateUserAttributes', req);
    },
  };
}
