/**
 * `npm run admin -- add|remove <email>`: puts a user in or out of the `admins` group (a Google
 * user too, found by its e-mail; or name a user by its username).
 *   locally (default): the user pool of DATA_DIR (default .local), whether `npm start` runs or not;
 *   in AWS: `--pool-id <id> [--region <region>]`, with the operator's AWS credentials.
 * The user's next sign-in (or token refresh) carries the change. An administrator also needs
 * two-factor sign-in before the API lets them act (lambdas/lib/admin-membership.ts): `add` says
 * whether the new one already has it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type SecondFactor, secondFactorOf } from '../../lambdas/lib/cognito';
import { userPoolDefinition } from '../../shared/user-pool';
import { startLocalCognito } from '../local/cognito';
import { stackFile } from '../local/stack';

const usage = 'usage: npm run admin -- add|remove <email> [--pool-id <id> --region <region>] [--data-dir <folder>]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'pool-id': { type: 'string' }, region: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const [action, email] = positionals;
if ((action !== 'add' && action !== 'remove') || !email || positionals.length !== 2) {
  console.error(usage);
  process.exit(2);
}

async function withPool<T>(run: (client: CognitoIdentityProviderClient, userPoolId: string) => Promise<T>): Promise<T> {
  if (values['pool-id']) {
    const client = new CognitoIdentityProviderClient({ region: values.region ?? process.env.AWS_REGION });
    return run(client, values['pool-id']);
  }
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.local');
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  if (existsSync(stackFile(dataDir))) {
    const { cognito } = JSON.parse(readFileSync(stackFile(dataDir), 'utf8')) as { cognito: { endpoint: string; region: string; userPoolId: string } };
    return run(new CognitoIdentityProviderClient({ region: cognito.region, endpoint: cognito.endpoint, credentials }), cognito.userPoolId);
  }
  if (!existsSync(join(dataDir, 'cognito'))) throw new Error(`no local user pool in ${dataDir}: run npm start once first`);
  const cognito = await startLocalCognito({ dataDir: join(dataDir, 'cognito') });
  try {
    return await run(new CognitoIdentityProviderClient({ region: cognito.region, endpoint: cognito.endpoint, credentials }), cognito.userPoolId);
  } finally {
    await cognito.stop();
  }
}

/** What the new administrator must still do: the API refuses admins without a second factor. */
function twoFactorNote(factor: SecondFactor | undefined): string {
  switch (factor) {
    case 'authenticatorApp':
      return 'They already sign in with an authenticator app (two-factor sign-in): the admin console opens at their next sign-in.';
    case 'federated':
      return "They sign in with Google, so their second factor is Google's: require 2-Step Verification for admins in your Google Workspace.";
    case 'none':
      return 'At their next sign-in they must set up two-factor sign-in (an authenticator app, on the account page /account) before the admin console opens.';
    case undefined:
      return 'Could not read their two-factor settings: unless they already use an authenticator app, they must set one up on the account page /account before the admin console opens.';
  }
}

/**
 * The user an e-mail names. An e-mail is a sign-in name only for e-mail and password accounts; a
 * Google user (`Google_<id>`) has it as an attribute alone, so the pool is searched by attribute,
 * as Cognito allows, and the one user found is named by its username. Two users with one e-mail
 * (an e-mail account and a Google one) are both listed: the command is then given the username.
 */
async function usernameOf(client: CognitoIdentityProviderClient, userPoolId: string, emailOrUsername: string): Promise<string> {
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

try {
  const factor = await withPool(async (client, userPoolId) => {
    const username = await usernameOf(client, userPoolId, email);
    const input = { UserPoolId: userPoolId, Username: username, GroupName: userPoolDefinition.adminGroup };
    await client.send(action === 'add' ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
    if (action !== 'add') return undefined;
    // The user is an administrator already: failing to read their MFA settings must not say otherwise.
    return client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username })).then(secondFactorOf, () => undefined);
  });
  console.log(action === 'add' ? `${email} is now an administrator. ${twoFactorNote(factor)}` : `${email} is no longer an administrator`);
} catch (error) {
  const e = error as Error;
  console.error(e.name === 'UserNotFoundException' ? `no user ${email} in the pool` : e.name === 'AmbiguousEmail' ? e.message : `${e.name}: ${e.message}`);
  process.exit(1);
}
