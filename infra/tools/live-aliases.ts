/**
 * The deploy workflow's record and rollback of the stage's `live` aliases
 * (live-alias-rollback.ts), with the deploy role's credentials:
 *
 *   tsx infra/tools/live-aliases.ts record <stack name> <file>   before the deploy
 *   tsx infra/tools/live-aliases.ts restore <file>               after a failed smoke test
 *
 * The workflow runs the bundle of this file from the release artifact (infra/tools/pack-release.sh).
 * The region is the environment's (AWS_REGION, set by configure-aws-credentials).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  GetAliasCommand,
  LambdaClient,
  paginateListFunctions,
  ResourceNotFoundException,
  UpdateAliasCommand,
} from '@aws-sdk/client-lambda';
import { type AliasApi, LIVE_ALIAS, parseLiveRecord, recordLive, restoreLive } from './live-alias-rollback';

function lambdaAliases(client: LambdaClient): AliasApi {
  return {
    async functionNames(prefix) {
      const names: string[] = [];
      for await (const page of paginateListFunctions({ client }, {})) {
        for (const fn of page.Functions ?? []) if (fn.FunctionName?.startsWith(prefix)) names.push(fn.FunctionName);
      }
      return names;
    },
    async liveAlias(functionName) {
      try {
        const alias = await client.send(new GetAliasCommand({ FunctionName: functionName, Name: LIVE_ALIAS }));
        return { version: alias.FunctionVersion ?? '', weights: alias.RoutingConfig?.AdditionalVersionWeights ?? {} };
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    async pointLive(functionName, version) {
      await client.send(
        new UpdateAliasCommand({
          FunctionName: functionName,
          Name: LIVE_ALIAS,
          FunctionVersion: version,
          RoutingConfig: { AdditionalVersionWeights: {} },
        }),
      );
    },
  };
}

async function main(args: string[]): Promise<number> {
  const api = lambdaAliases(new LambdaClient({}));
  const [command, ...rest] = args;
  if (command === 'record' && rest.length === 2) {
    const [stackName, file] = rest as [string, string];
    const record = await recordLive(api, stackName);
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    console.log(
      `Recorded the ${LIVE_ALIAS} version of ${Object.keys(record).length} functions of ${stackName} in ${file}:`,
    );
    for (const [name, version] of Object.entries(record)) console.log(`${name} ${version}`);
    return 0;
  }
  if (command === 'restore' && rest.length === 1) {
    const moved = await restoreLive(api, parseLiveRecord(JSON.parse(readFileSync(rest[0] as string, 'utf8'))));
    console.log(
      moved.length
        ? `Moved back:\n${moved.join('\n')}`
        : `Every ${LIVE_ALIAS} alias already served its recorded version.`,
    );
    return 0;
  }
  console.error('usage: live-aliases.ts record <stack name> <file> | restore <file>');
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
