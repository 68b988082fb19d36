/**
 * `npm run admin -- add|remove <email>`: puts a user in or out of the `admins` group (a Google
 * user too, found by its e-mail; or name a user by its username), records the moment in the
 * user's security record, e-mails the user about it and ends every session of theirs
 * (admin-change.ts): admin power comes only from a sign-in made after it was given.
 *   locally (default): the user pool and table of DATA_DIR (default .local), whether `npm start`
 *   runs or not (the e-mail goes out when the stack next reads its table's stream);
 *   in AWS: `--pool-id <id> --table <name> [--region <region>]`, with the operator's AWS credentials.
 * An administrator also needs two-factor sign-in before the API lets them act
 * (lambdas/lib/admin-membership.ts): `add` says whether the new one already has it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SecondFactor } from '../../lambdas/lib/cognito';
import { startLocalCognito } from '../local/cognito';
import { stackFile } from '../local/stack';
import { changeAdmin } from './admin-change';
import { type OpenTable, withTableAt } from './tool-table';

const usage = 'usage: npm run admin -- add|remove <email> [--pool-id <id> --table <name> --region <region>] [--data-dir <folder>]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'pool-id': { type: 'string' }, table: { type: 'string' }, region: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const [action, email] = positionals;
const region = values.region ?? process.env.AWS_REGION;
const inAws = values['pool-id'] !== undefined;
// In AWS the pool, its table and their region together; locally a data folder alone.
const argsFit = inAws ? values.table !== undefined && region !== undefined && values['data-dir'] === undefined : values.table === undefined && values.region === undefined;
if ((action !== 'add' && action !== 'remove') || !email || positionals.length !== 2 || !argsFit) {
  console.error(usage);
  process.exit(2);
}

type PoolRun<T> = (client: CognitoIdentityProviderClient, userPoolId: string) => Promise<T>;

async function withPool<T>(run: PoolRun<T>): Promise<T> {
  if (values['pool-id']) return run(new CognitoIdentityProviderClient({ region }), values['pool-id']);
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

function documentClientOf(open: OpenTable): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ region: open.region, endpoint: open.endpoint, credentials: open.credentials }));
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

const tableTarget = inAws ? { table: values.table, region } : { dataDir: values['data-dir'] };

try {
  const changed = await withPool((cognito, userPoolId) =>
    withTableAt(tableTarget, async (open) => {
      const table = documentClientOf(open);
      try {
        return await changeAdmin({ cognito, userPoolId, table, tableName: open.tableName }, action, email);
      } finally {
        table.destroy();
      }
    }),
  );
  const ended = 'Every session of theirs has ended, and they have been e-mailed.';
  console.log(action === 'add' ? `${email} is now an administrator. ${ended} ${twoFactorNote(changed.factor)}` : `${email} is no longer an administrator. ${ended}`);
} catch (error) {
  const e = error as Error;
  console.error(e.name === 'UserNotFoundException' ? `no user ${email} in the pool` : e.name === 'AmbiguousEmail' ? e.message : `${e.name}: ${e.message}`);
  process.exit(1);
}
