/**
 * Cognito, for the routes that manage users (create portfolio, delete client) and for confirming
 * that an administrator still is one (and has a second factor), through the runtime's one client (created on first use).
 */
import {
  AdminUpdateUserAttributesCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  type AdminGetUserCommandOutput,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
  UserStatusType,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../runtime/config';
import { cognitoClient } from './cognito-client';

/** The user's address and names in Cognito, and whether Cognito verified the address (its code, or Google's word). */
export async function cognitoUser(
  username: string,
): Promise<{ email: string; firstName: string; lastName: string; emailVerified: boolean }> {
  const user = await cognitoClient().send(
    new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: username }),
  );
  const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value ?? '';
  return {
    email: attr('email'),
    firstName: attr('given_name'),
    lastName: attr('family_name'),
    emailVerified: attr('email_verified') === 'true',
  };
}

/** Whether any user of the pool has this address (exactly, or lower-cased: an e-mail account keeps the case it signed up with). */
export async function emailHasUser(email: string): Promise<boolean> {
  for (const address of new Set([email, email.toLowerCase()])) {
    const quoted = address.replace(/[\\"]/g, (c) => `\\${c}`);
    const { Users } = await cognitoClient().send(
      new ListUsersCommand({ UserPoolId: config.userPoolId, Filter: `email = "${quoted}"`, Limit: 1 }),
    );
    if ((Users ?? []).length > 0) return true;
  }
  return false;
}

/** Every member of a group, enabled or not, with its sub and e-mail as Cognito holds them. */
export async function groupMembers(group: string): Promise<{ sub: string; email: string }[]> {
  const users: UserType[] = [];
  let next: string | undefined;
  do {
    const page = await cognitoClient().send(
      new ListUsersInGroupCommand({ UserPoolId: config.userPoolId, GroupName: group, Limit: 60, NextToken: next }),
    );
    users.push(...(page.Users ?? []));
    next = page.NextToken;
  } while (next);
  const attr = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value ?? '';
  return users.map((user) => ({ sub: attr(user, 'sub'), email: attr(user, 'email') }));
}

const isUserNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/**
 * The second factor Cognito knows for a user.
 * - `authenticatorApp`: TOTP is enabled (`UserMFASettingList` holds SOFTWARE_TOKEN_MFA), so Cognito
 *   asks for a code at every password sign-in.
 * - `federated`: a Google user. Cognito cannot put TOTP on a federated user, who has no password
 *   here and signs in only through Google: their second factor is Google's (2-Step Verification,
 *   which the firm's Google Workspace must require of admins; docs/operations.md). Only the status
 *   says so: an `identities` attribute alone would also be there on a native user linked to a
 *   provider, who still signs in with a password.
 * - `none`: a password alone.
 */
export type SecondFactor = 'authenticatorApp' | 'federated' | 'none';

export function secondFactorOf(
  user: Pick<AdminGetUserCommandOutput, 'UserStatus' | 'UserMFASettingList'>,
): SecondFactor {
  if (user.UserStatus === UserStatusType.EXTERNAL_PROVIDER) return 'federated';
  return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') ? 'authenticatorApp' : 'none';
}

/** What Cognito says of a user now (not when its token was issued). */
export interface CurrentMembership {
  /** The user exists, is enabled and belongs to the group. */
  member: boolean;
  secondFactor: SecondFactor;
}

/**
 * Two reads, whatever the answer: AdminGetUser (enabled, status, MFA) and AdminListGroupsForUser.
 * `userPoolId` for a trigger, which is told its pool.
 */
export async function currentMembership(
  username: string,
  group: string,
  userPoolId: string = config.userPoolId,
): Promise<CurrentMembership> {
  try {
    const [user, groups] = await Promise.all([
      cognitoClient().send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username })),
      cognitoClient().send(
        new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username, Limit: 60 }),
      ),
    ]);
    const member = user.Enabled === true && (groups.Groups ?? []).some((g) => g.GroupName === group);
    return { member, secondFactor: secondFactorOf(user) };
  } catch (error) {
    if (isUserNotFound(error)) return { member: false, secondFactor: 'none' };
    throw error;
  }
}

/**
 * Ends every session of the user: Cognito revokes their refresh tokens (and refuses the access
 * tokens already issued, for its own API). `userPoolId` for a trigger, which is told its pool.
 */
export async function signOutEverywhere(username: string, userPoolId: string = config.userPoolId): Promise<void> {
  await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
}

/** The user's names in Cognito, where the ID token (and so the web's header) reads them. */
export async function setCognitoNames(username: string, firstName: string, lastName: string): Promise<void> {
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: config.userPoolId,
      Username: username,
      UserAttributes: [
        { Name: 'given_name', Value: firstName },
        { Name: 'family_name', Value: lastName },
      ],
    }),
  );
}

/**
 * Ends the login of a closed account: signs the user out everywhere (refresh tokens revoked, and
 * Cognito refuses its access tokens for its own API), then disables it. Disabled, not deleted:
 * a deleted user's e-mail could sign up again as a new user with another sub, a second account
 * beside the kept records, and the pool would lose the one tie between those records' sub and
 * the sign-in that owned them. A disabled user can neither sign in, refresh, nor sign up again,
 * and what its still-valid access token asks of the API is refused by the closed profile. A user
 * already gone counts as done.
 */
export async function endLogin(username: string): Promise<void> {
  for (const command of [
    new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: username }),
    new AdminDisableUserCommand({ UserPoolId: config.userPoolId, Username: username }),
  ]) {
    try {
      await cognitoClient().send(command);
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  }
}
