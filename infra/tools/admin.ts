/**
 * The operator's command for one user (a Google user too, found by its e-mail; or name a user by
 * its username), in admin-change.ts:
 *   `npm run admin -- add <email>` / `remove <email>`: puts the user in or out of the `admins`
 *   group, records the moment in their security record, e-mails them about it and ends every
 *   session of theirs: admin power comes only from a sign-in made after it was given. An
 *   administrator with no money is a staff account, neither listed nor counted as a client;
 *   `remove` makes one a client again.
 *   `npm run admin -- reset-two-factor <email>`: turns off the authenticator app of a user who
 *   lost it, records and e-mails it as their own turning it off would be, and ends every session.
 *   `npm run admin -- allow-passkey <email>`: where the stage requires passkeys of administrators,
 *   lets an administrator add one passkey within a day from a sign-in with the password and code
 *   (a first one, or after losing every one); recorded and e-mailed.
 * Each writes one entry in the activity log, in the same transaction as the security record,
 * naming who ran it: in AWS the caller's ARN (STS GetCallerIdentity), locally `local user <OS user>`.
 *   locally (default): the user pool and table of DATA_DIR (default .local), whether `npm start`
 *   runs or not (the e-mail goes out when the stack next reads its table's stream);
 *   in AWS: `--pool-id <id> --table <name> [--region <region>]`, with the operator's AWS credentials.
 *   `npm run admin -- verify-activity [--month yyyy-mm | --all]`: checks the activity log against its
 *   seals and names the first broken entry (verify-activity.ts).
 * An administrator also needs two-factor sign-in before the API lets them act
 * (lambdas/lib/http/admin-membership.ts): `add` says whether the new one already has it.
 */
import { sendBackendHeader } from '../../lambdas/lib/cognito/cognito-backend-header';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SecondFactor } from '../../lambdas/lib/cognito/cognito';
import { startLocalCognito } from '@aurum/cognito-emulator';
import { stackFile } from '../local/stack';
import { type AdminToolTargets, allowPasskey, changeAdmin, localOperator, resetTwoFactor } from './admin-change';
import { type OpenTable, withTableAt } from './tool-table';
import { verifyActivityCommand } from './verify-activity';

// Not about one user: its own arguments (verify-activity.ts).
if (process.argv[2] === 'verify-activity') process.exit(await verifyActivityCommand(process.argv.slice(3)));

const usage =
  'usage: npm run admin -- add|remove|reset-two-factor|allow-passkey <email> [--pool-id <id> --table <name> --region <region>] [--data-dir <folder>]';
const ACTIONS = ['add', 'remove', 'reset-two-factor', 'allow-passkey'] as const;
type Action = (typeof ACTIONS)[number];
const isAction = (value: string | undefined): value is Action =>
  (ACTIONS as readonly (string | undefined)[]).includes(value);

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'pool-id': { type: 'string' },
    table: { type: 'string' },
    region: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const [action, email] = positionals;
const region = values.region ?? process.env.AWS_REGION;
const inAws = values['pool-id'] !== undefined;
// In AWS the pool, its table and their region together; locally a data folder alone.
const argsFit = inAws
  ? values.table !== undefined && region !== undefined && values['data-dir'] === undefined
  : values.table === undefined && values.region === undefined;
if (!isAction(action) || !email || positionals.length !== 2 || !argsFit) {
  console.error(usage);
  process.exit(2);
}

type PoolRun<T> = (client: CognitoIdentityProviderClient, userPoolId: string) => Promise<T>;

/** The local pool's client: its own port wants the stack's backend secret where AWS wants this tool's IAM signature. */
function localPoolClient(
  cognito: { endpoint: string; region: string; backendSecret: string },
  credentials: { accessKeyId: string; secretAccessKey: string },
): CognitoIdentityProviderClient {
  const client = new CognitoIdentityProviderClient({ region: cognito.region, endpoint: cognito.endpoint, credentials });
  sendBackendHeader(client, cognito.backendSecret);
  return client;
}

async function withPool<T>(run: PoolRun<T>): Promise<T> {
  if (values['pool-id']) return run(new CognitoIdentityProviderClient({ region }), values['pool-id']);
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.local');
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  if (existsSync(stackFile(dataDir))) {
    const { cognito } = JSON.parse(readFileSync(stackFile(dataDir), 'utf8')) as {
      cognito: { endpoint: string; region: string; userPoolId: string; backendSecret: string };
    };
    return run(localPoolClient(cognito, credentials), cognito.userPoolId);
  }
  if (!existsSync(join(dataDir, 'cognito')))
    throw new Error(`no local user pool in ${dataDir}: run npm start once first`);
  const cognito = await startLocalCognito({ dataDir: join(dataDir, 'cognito') });
  try {
    return await run(localPoolClient(cognito, credentials), cognito.userPoolId);
  } finally {
    await cognito.stop();
  }
}

function documentClientOf(open: OpenTable): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: open.region, endpoint: open.endpoint, credentials: open.credentials }),
  );
}

/** What the new administrator must still do: the API refuses admins without a second factor. */
function twoFactorNote(factor: SecondFactor): string {
  switch (factor) {
    case 'authenticatorApp':
      return 'They already sign in with an authenticator app (two-factor sign-in): the admin console opens at their next sign-in.';
    case 'federated':
      return "They sign in with Google, so their second factor is Google's: require 2-Step Verification for admins in your Google Workspace.";
    case 'none':
      return 'At their next sign-in they must set up two-factor sign-in (an authenticator app, on the account page /account) before the admin console opens.';
  }
}

/** Who runs the command, as the activity log names them: the AWS caller's ARN, or the OS user here. */
async function operatorName(): Promise<string> {
  if (!inAws) return localOperator();
  const sts = new STSClient({ region });
  try {
    const { Arn } = await sts.send(new GetCallerIdentityCommand({}));
    if (!Arn) throw new Error('STS GetCallerIdentity gave no ARN');
    return Arn;
  } finally {
    sts.destroy();
  }
}

const ENDED = 'Every session of theirs has ended, and they have been e-mailed.';

/** Runs the action on the user and says what became of them. */
async function run(targets: AdminToolTargets, act: Action, who: string): Promise<string> {
  switch (act) {
    case 'add':
      return `${who} is now an administrator. ${ENDED} ${twoFactorNote((await changeAdmin(targets, 'add', who)).factor)}`;
    case 'remove':
      await changeAdmin(targets, 'remove', who);
      return `${who} is no longer an administrator. ${ENDED}`;
    case 'reset-two-factor':
      await resetTwoFactor(targets, who);
      return `${who}'s authenticator app is turned off: they sign in with their password alone until they set one up again on the account page (/account), and an administrator has no admin power until then. ${ENDED}`;
    case 'allow-passkey':
      await allowPasskey(targets, who);
      return `${who} may add one passkey on the account page (/account) within a day, from any fresh sign-in. They have been e-mailed.`;
  }
}

const tableTarget = inAws ? { table: values.table, region } : { dataDir: values['data-dir'] };

try {
  // Known before anything changes: no act goes unattributed.
  const operator = await operatorName();
  const said = await withPool((cognito, userPoolId) =>
    withTableAt(tableTarget, async (open) => {
      const table = documentClientOf(open);
      try {
        return await run({ cognito, userPoolId, table, tableName: open.tableName, operator }, action, email);
      } finally {
        table.destroy();
      }
    }),
  );
  console.log(said);
} catch (error) {
  const e = error as Error;
  const known = ['AmbiguousEmail', 'NothingToReset', 'NotAnAdministrator'].includes(e.name);
  console.error(
    e.name === 'UserNotFoundException' ? `no user ${email} in the pool` : known ? e.message : `${e.name}: ${e.message}`,
  );
  process.exit(1);
}
