/**
 * What `npm run admin -- add|remove|reset-two-factor` does to one user, with the clients it is
 * given (the CLI's, or a test's against its own stack):
 *  - add/remove: the group change in Cognito; then ONE transaction with the moment recorded in
 *    the user's security record and the e-mail that tells them (lambdas/lib/data/security-record.ts,
 *    as the API writes it), the act's entry in the activity log naming who ran the command, and
 *    the profile's side (an administrator with no money is a staff account, not a client:
 *    lambdas/lib/data/staff-accounts.ts); then every session of the user ended, so that admin power
 *    is only ever used from a sign-in made after it was given (lambdas/lib/cognito/admin-epoch.ts);
 *  - reset-two-factor (a user who lost their authenticator): the authenticator app turned off in
 *    Cognito; then one transaction with the moment recorded as a self-disable records it, its
 *    e-mail, and the activity entry; then every session ended.
 *  - allow-passkey (an administrator's first passkey, or one after losing every one, where the
 *    stage requires passkeys of administrators): one transaction with the approval's moment in the
 *    security record (lambdas/lib/cognito/passkeys.ts reads it), its e-mail, and the activity entry.
 *    No session ends: nothing about how they sign in has changed yet.
 */
import { userInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type ActivityAct, activityPut } from '../../lambdas/lib/data/activity-log';
import { firstCountingSignIn } from '../../lambdas/lib/cognito/admin-epoch';
import { type SecondFactor, secondFactorOf } from '../../lambdas/lib/cognito/cognito';
import { cancellationReasons, type TransactItem } from '../../lambdas/lib/runtime/db';
import { type SecurityChange, securityChange } from '../../lambdas/lib/data/security-record';
import { listingChange } from '../../lambdas/lib/data/staff-accounts';
import type { ActivityKindName } from '../../shared/activity-kinds';
import { userPoolDefinition } from '../../shared/user-pool';

export interface AdminToolTargets {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  table: DynamoDBDocumentClient;
  tableName: string;
  /**
   * Who runs the command, as the activity log names them: the AWS caller's ARN, or locally the
   * OS user (localOperator, the default).
   */
  operator?: string;
}

/** The OS user running a command here, as the activity log names them. */
export const localOperator = (): string => `local user ${userInfo().username}`;

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
export async function usernameOf(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  emailOrUsername: string,
): Promise<string> {
  if (!emailOrUsername.includes('@')) return emailOrUsername;
  const withEmail = async (address: string) => {
    const quoted = address.replace(/[\\"]/g, (c) => `\\${c}`);
    return (
      (await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${quoted}"`, Limit: 10 })))
        .Users ?? []
    );
  };
  // Attribute filters match exactly; Google gives e-mails in lower case, as people mostly type them.
  let Users = await withEmail(emailOrUsername);
  if (Users.length === 0 && emailOrUsername !== emailOrUsername.toLowerCase())
    Users = await withEmail(emailOrUsername.toLowerCase());
  // None by attribute (an e-mail account may have kept the letter case it signed up with): the
  // e-mail as a sign-in name, which Cognito matches in any case for e-mail accounts.
  if (Users.length === 0) return emailOrUsername;
  if (Users.length > 1) {
    const names = Users.map((u) => u.Username).join(', ');
    throw Object.assign(
      new Error(
        `${Users.length} users have the e-mail ${emailOrUsername} (${names}): run the command again with the username instead of the e-mail`,
      ),
      { name: 'AmbiguousEmail' },
    );
  }
  return Users[0]?.Username ?? emailOrUsername;
}

/**
 * When Cognito answers, by its own clock: the `Date` of its last answer (whole seconds). The
 * moment recorded must not come before Cognito's change whatever the operator's clock says, since
 * Cognito's clock stamps the sign-ins it is compared with.
 */
let clocks = 0;

async function withCognitoClock<T>(
  client: CognitoIdentityProviderClient,
  run: (momentAfterLastAnswer: () => number) => Promise<T>,
): Promise<T> {
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
  // The end of the second Cognito last answered in: a sign-in stamped within it may have come first.
  const momentAfterLastAnswer = () => Math.max(Date.now(), last === undefined ? 0 : last + 1000);
  try {
    return await run(momentAfterLastAnswer);
  } finally {
    client.middlewareStack.remove(name);
  }
}

/** The user as Cognito has them now: who they are in the table (sub), their e-mail and second factor. */
interface FoundUser {
  username: string;
  sub: string;
  email: string;
  factor: SecondFactor;
}

async function findUser(targets: AdminToolTargets, username: string): Promise<FoundUser> {
  const user = await targets.cognito.send(
    new AdminGetUserCommand({ UserPoolId: targets.userPoolId, Username: username }),
  );
  const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  const sub = attribute('sub');
  if (!sub) throw new Error(`Cognito gave no sub for ${username}`);
  return { username, sub, email: attribute('email') ?? username, factor: secondFactorOf(user) };
}

/** An act of the command: its change to the security record, its kind in the activity log, and what it makes of the profile. */
interface Act {
  change: SecurityChange;
  kind: ActivityKindName;
  listing?: 'staff' | 'client';
}

/** The activity entry's Put, in the command's table (activityPut names the API's). */
function activityIn(tableName: string, act: ActivityAct): TransactItem {
  const { Put } = activityPut(act);
  if (!Put) throw new Error('activityPut gave no Put');
  return { Put: { ...Put, TableName: tableName } };
}

/** A profile changed between the read and the commit (a deposit), or another transaction conflicted: build it again. */
const COMMIT_ATTEMPTS = 8;

/**
 * The act's writes in ONE transaction: the security record and its notice, the activity entry,
 * and the profile's listing change as the profile is now. Built again when the transaction is
 * cancelled, so the listing change is always made from the profile it is conditioned on.
 */
async function commitAct(targets: AdminToolTargets, user: FoundUser, act: Act, moment: number): Promise<void> {
  const access = { doc: targets.table, tableName: targets.tableName };
  const actor = targets.operator ?? localOperator();
  for (let attempt = 1; ; attempt++) {
    const items: TransactItem[] = [
      ...(securityChange(targets.tableName, user.sub, act.change, moment).TransactItems ?? []),
      activityIn(targets.tableName, { kind: act.kind, actor, at: moment, clientId: user.sub, clientEmail: user.email }),
      ...(act.listing ? await listingChange(access, user.sub, act.listing) : []),
    ];
    try {
      await targets.table.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (cancellationReasons(error).length === 0 || attempt >= COMMIT_ATTEMPTS) throw error;
    }
  }
}

const signOut = (targets: AdminToolTargets, username: string) =>
  targets.cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: targets.userPoolId, Username: username }));

/**
 * Adds the user to `admins` (`add`) or takes them out (`remove`); records, logs and e-mails it,
 * and ends every session of theirs. An `add` makes a user with no money a staff account; a
 * `remove` makes a staff account a client again.
 */
export async function changeAdmin(
  targets: AdminToolTargets,
  action: 'add' | 'remove',
  emailOrUsername: string,
): Promise<AdminChanged> {
  return withCognitoClock(targets.cognito, async (momentAfterLastAnswer) => {
    const username = await usernameOf(targets.cognito, targets.userPoolId, emailOrUsername);
    const input = { UserPoolId: targets.userPoolId, Username: username, GroupName: userPoolDefinition.adminGroup };
    await targets.cognito.send(
      action === 'add' ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input),
    );
    const moment = momentAfterLastAnswer();
    const user = await findUser(targets, username);
    const act: Act =
      action === 'add'
        ? { change: { set: { adminSince: moment }, notice: 'admin-granted' }, kind: 'admin-added', listing: 'staff' }
        : {
            change: { set: { adminRemovedAt: moment }, notice: 'admin-revoked' },
            kind: 'admin-removed',
            listing: 'client',
          };
    await commitAct(targets, user, act, moment);
    await signOut(targets, username);
    // Done once a new sign-in counts (a moment, by this machine's clock; never long).
    await sleep(Math.min(2000, Math.max(0, firstCountingSignIn(moment) - Date.now())));
    return { username, factor: user.factor };
  });
}

/** Why a user's second factor cannot be reset: they have none here to turn off. */
function nothingToReset(emailOrUsername: string, factor: Exclude<SecondFactor, 'authenticatorApp'>): Error {
  const why =
    factor === 'federated'
      ? "signs in with Google, whose second factor is Google's own"
      : 'has no authenticator app turned on';
  return Object.assign(new Error(`${emailOrUsername} ${why}: nothing to reset`), { name: 'NothingToReset' });
}

/**
 * Turns the user's authenticator app off (one who lost it), as their own turning it off would be
 * recorded and e-mailed, logs it, and ends every session of theirs: they sign in with their
 * password alone until they set up an app again, and an administrator has no admin power until then.
 */
export async function resetTwoFactor(
  targets: AdminToolTargets,
  emailOrUsername: string,
): Promise<{ username: string }> {
  return withCognitoClock(targets.cognito, async (momentAfterLastAnswer) => {
    const username = await usernameOf(targets.cognito, targets.userPoolId, emailOrUsername);
    const user = await findUser(targets, username);
    if (user.factor !== 'authenticatorApp') throw nothingToReset(emailOrUsername, user.factor);
    await targets.cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: targets.userPoolId,
        Username: username,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const moment = momentAfterLastAnswer();
    const change: SecurityChange = {
      set: { totpDisabledAt: moment },
      clear: ['pendingAssociationAt'],
      notice: 'two-factor-off',
    };
    await commitAct(targets, user, { change, kind: 'two-factor-reset' }, moment);
    await signOut(targets, username);
    return { username };
  });
}

/** Why an approval of a passkey is refused: only administrators need one. */
function notAnAdministrator(emailOrUsername: string): Error {
  return Object.assign(
    new Error(
      `${emailOrUsername} is not an administrator: clients add passkeys on their account page without approval`,
    ),
    { name: 'NotAnAdministrator' },
  );
}

/**
 * Allows one passkey for an administrator who cannot add one from a passkey session (a first one,
 * or after losing every one) while the stage requires passkeys of administrators: recorded, logged
 * and e-mailed. The next passkey they add uses it up; it lapses after a day.
 */
export async function allowPasskey(targets: AdminToolTargets, emailOrUsername: string): Promise<{ username: string }> {
  return withCognitoClock(targets.cognito, async (momentAfterLastAnswer) => {
    const username = await usernameOf(targets.cognito, targets.userPoolId, emailOrUsername);
    const user = await findUser(targets, username);
    const { Groups = [] } = await targets.cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: targets.userPoolId, Username: username }),
    );
    if (!Groups.some((g) => g.GroupName === userPoolDefinition.adminGroup)) throw notAnAdministrator(emailOrUsername);
    const moment = momentAfterLastAnswer();
    const change: SecurityChange = { set: { passkeyEnrolmentAllowedAt: moment }, notice: 'passkey-enrolment-allowed' };
    await commitAct(targets, user, { change, kind: 'passkey-enrolment-allowed' }, moment);
    return { username };
  });
}
