/**
 * The version pruner, run daily by EventBridge: for each function it is given (the money routes',
 * whose versions every deploy keeps for rollback), it deletes the published versions older than
 * the newest five, never $LATEST and never one an alias points to (version-pruning.ts). A failure
 * on one function is logged and the others are still pruned; the run then fails, so its Errors
 * alarm tells the operator.
 */
import {
  DeleteFunctionCommand,
  LambdaClient,
  paginateListAliases,
  paginateListVersionsByFunction,
} from '@aws-sdk/client-lambda';
import { logger } from '../lib/runtime/logger';
import { type AliasTarget, PRUNED_FUNCTIONS_ENV, versionsToPrune } from './version-pruning';

const lambda = new LambdaClient({});

async function versionsOf(functionName: string): Promise<string[]> {
  const versions: string[] = [];
  for await (const page of paginateListVersionsByFunction({ client: lambda }, { FunctionName: functionName })) {
    for (const v of page.Versions ?? []) if (v.Version) versions.push(v.Version);
  }
  return versions;
}

async function aliasTargetsOf(functionName: string): Promise<AliasTarget[]> {
  const targets: AliasTarget[] = [];
  for await (const page of paginateListAliases({ client: lambda }, { FunctionName: functionName })) {
    for (const alias of page.Aliases ?? []) {
      targets.push({
        functionVersion: alias.FunctionVersion ?? '',
        additionalVersions: Object.keys(alias.RoutingConfig?.AdditionalVersionWeights ?? {}),
      });
    }
  }
  return targets;
}

async function prune(functionName: string): Promise<string[]> {
  const doomed = versionsToPrune(await versionsOf(functionName), await aliasTargetsOf(functionName));
  for (const version of doomed)
    await lambda.send(new DeleteFunctionCommand({ FunctionName: functionName, Qualifier: version }));
  return doomed;
}

export async function handler(): Promise<{ pruned: Record<string, string[]> }> {
  const names = (process.env[PRUNED_FUNCTIONS_ENV] ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const pruned: Record<string, string[]> = {};
  const failed: string[] = [];
  for (const name of names) {
    try {
      pruned[name] = await prune(name);
    } catch (error) {
      logger.error('versions not pruned', { functionName: name, error });
      failed.push(name);
    }
  }
  logger.info('versions pruned', { pruned });
  if (failed.length > 0) throw new Error(`versions not pruned for ${failed.join(', ')}`);
  return { pruned };
}
