/**
 * Which versions of a function the version pruner deletes (lambdas/jobs/prune-versions.ts): the
 * published versions older than the newest `keep`, never $LATEST and never one an alias points
 * to, whether as its version or as the extra version of a weighted alias (a canary release in
 * progress sends part of the calls to it). Pure, so the choice is tested without AWS.
 */

/** The functions to prune, by name, comma-separated (infra/aws/version-pruner.ts sets it). */
export const PRUNED_FUNCTIONS_ENV = 'PRUNED_FUNCTIONS';

/** How many of a function's newest published versions are kept: the rollback's choice (docs/operations.md). */
export const VERSIONS_KEPT = 5;

/** What an alias points to: its version, and the versions its routing configuration weighs in. */
export interface AliasTarget {
  functionVersion: string;
  additionalVersions: readonly string[];
}

const PUBLISHED = /^[1-9][0-9]*$/;

/** The versions to delete, oldest first. */
export function versionsToPrune(
  versions: readonly string[],
  aliases: readonly AliasTarget[],
  keep: number = VERSIONS_KEPT,
): string[] {
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error(`keep must be a whole number of versions, at least 1 (got ${keep})`);
  const pointedTo = new Set(aliases.flatMap((alias) => [alias.functionVersion, ...alias.additionalVersions]));
  const published = [...new Set(versions.filter((v) => PUBLISHED.test(v)))].sort((a, b) => Number(b) - Number(a));
  return published
    .slice(keep)
    .filter((version) => !pointedTo.has(version))
    .sort((a, b) => Number(a) - Number(b));
}
