/**
 * Cognito, for the routes that manage users (create portfolio, delete client) and for confirming
 * that an administrator still is one, through the runtime's one client (created on first use).
 */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config';
import { cognitoClient } from './runtime';

export async function cognitoUser(username: string): Promise<{ email: string; firstName: string; lastName: string }> {
  const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: username }));
  const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value ?? '';
  return { email: attr('email'), firstName: attr('given_name'), lastName: attr('family_name') };
}

const isUserNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/** Whether the user exists, is enabled and belongs to `group` now (not when its token was issued). */
export async function isEnabledMemberOf(username: string, group: string): Promise<boolean> {
  try {
    const [user, groups] = await Promise.all([
      cognitoClient().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: username })),
      cognitoClient().send(new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: username, Limit: 60 })),
    ]);
    return user.Enabled === true && (groups.Groups ?? []).some((g) => g.GroupName === group);
  } catch (error) {
    if (isUserNotFound(error)) return false;
    throw error;
  }
}

/** Signs the user out everywhere (refresh tokens revoked), then deletes it. A user already gone counts as done. */
export async function deleteCognitoUser(username: string): Promise<void> {
  for (const command of [
    new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: username }),
    new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: username }),
  ]) {
    try {
      await cognitoClient().send(command as AdminDeleteUserCommand);
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  }
}
