/**
 * What `npm run admin -- add|remove` does to one user, with the clients it is given (the CLI's,
 * or a test's against its own stack): the group change in Cognito, the moment recorded in the
 * user's security record with the e-mail that tells them (lambdas/lib/security-record.ts, the
 * same transaction the API writes), and every session of the user ended, so that admin power is
 * only ever used from a sign-in made after it was given (lambdas/lib/admin-epoch.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { firstCountingSignIn } from '../../lambdas/lib/admin-epoch';
import { type SecondFactor, secondFactorOf } from '../../lambdas/lib/cognito';
import { securityChange } from '../../lambdas/lib/security-record';
import { userPoolDefinition } from '../../shared/user-pool';

export interface AdminToolTargets {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  table: DynamoDBDocumentClient;
  tableName: string;
}

export interface AdminChanged {
  username: string;
  /** The user's second factor, as Cognito says it (after an `add`). */
  factor: SecondFactor;
}

/**
 * The user an e-mail names. An e-mail is a sign-in name only for e-mail and password accounts; a
 * Google user (`Google_<id>`) has it as an attribute alone, so the pool is searched by attribute,
 * as Cognito allows, and the one user found is named by its username. Two users with one e-mail
 * (an e-mail account and a Google one) are both listed: the command is then given the username.
 */
export async function usernameOf(client: CognitoIdentityProviderClient, userPoolId: string, emailOrUsername: string): Promise<string> {
  if (!emailOrUsername.includes('@')) return emailOrUsername;
  const withEmail = async (address: string) => {
    const quoted = address.replace(/[\\"]/g, (c) => `\\${c}`);
    return (await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${quoted}"`, Limit: 10 }))).Users ?? [];
  };
  // Attribute filters match exactly; Google gives e-mails in lower case, as people mostly type them.
  let Users = await withEmail(emailOrUsername);
  if (Users.length === 0 && emailOrUsername !== emailOrUsername.toLowerCase()) Users = await withEmail(emailOrUsername.toLowerCase());
  // None by attribute (an e-mail account may have kept the letter case it signed up with): the
  // e-mail as a sign-in name, which Cognito matches in any case for e-mail accounts.
  if (Users.length === 0) return emailOrUsername;
  if (Users.length > 1) {
    const names = Users.map((u) => u.Username).join(', ');
    throw Object.assign(new Error(`${Users.length} users have the e-mail ${emailOrUsername} (${names}): run the command again with the username instead of the e-mail`), { name: 'AmbiguousEmail' });
  }
  return Users[0]?.Username ?? emailOrUsername;
}

/**
 * When Cognito answers, by its own clock: the `Date` of its last answer (whole seconds). The
 * moment recorded must not come before Cognito's change whatever the operator's clock says, since
 * Cognito's clock stamps the sign-ins it is compared with.
 */
let clocks = 0;

function cognitoClock(client: CognitoIdentityProviderClient): { last: () => number | undefined; stop: () => void } {
  let last: number | undefined;
  // One name per change: two changes may run at once on one client (a test's).
  const name = `aurumCognitoClock${++clocks}`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const date = (out.response as { headers?: Record<string, string> }).headers?.date;
      const at = date === undefined ? Number.NaN : Date.parse(date);
      if (Number.isFinite(at)) last = at;
      return out;
    },
    { step: 'deserialize', name },
  );
  return { last: () => last, stop: () => void client.middlewareStack.remove(name) };
}

/** Adds the user to `admins` (`add`) or takes them out (`remove`); records and e-mails it, and ends every session of theirs. */
export async function changeAdmin(targets: AdminToolTargets, action: 'add' | 'remove', emailOrUsername: string): Promise<AdminChanged> {
  const clock = cognitoClock(targets.cognito);
  try {
    return await changeAdminAt(targets, action, emailOrUsername, clock.last);
  } finally {
    clock.stop();
  }
}

async function changeAdminAt(targets: AdminToolTargets, action: 'add' | 'remove', emailOrUsername: string, cognitoNow: () => number | undefined): Promise<AdminChanged> {
  const { cognito, userPoolId } = targets;
  const username = await usernameOf(cognito, userPoolId, emailOrUsername);
  const input = { UserPoolId: userPoolId, Username: username, GroupName: userPoolDefinition.adminGroup };
  await cognito.send(action === 'add' ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
  // The end of the second Cognito answered in: a sign-in stamped within it may have come first.
  const answeredAt = cognitoNow();
  const moment = Math.max(Date.now(), answeredAt === undefined ? 0 : answeredAt + 1000);
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`Cognito gave no sub for ${username}`);
  const change = action === 'add' ? ({ set: { adminSince: moment }, notice: 'admin-granted' } as const) : ({ set: { adminRemovedAt: moment }, notice: 'admin-revoked' } as const);
  await targets.table.send(new TransactWriteCommand(securityChange(targets.tableName, sub, change, moment)));
  await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
  // Done once a new sign-in counts (a moment, by this machine's clock; never long).
  await sleep(Math.min(2000, Math.max(0, firstCountingSignIn(moment) - Date.now())));
  return { username, factor: secondFactorOf(user) };
}
