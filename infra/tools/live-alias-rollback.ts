/**
 * The deploy workflow's rollback of a release whose smoke test failed (docs/pipeline.md): before
 * the deploy it records the version each of the stage's functions serves behind its `live` alias
 * (the canaried routes, infra/aws/releases.ts); after a failed smoke test it points each alias back at the
 * recorded version, with no weighted routing left. The versions a deploy replaces are kept, so the
 * recorded one is still there to point at.
 *
 * Lambda is reached through AliasApi, so the logic is tested without AWS; the CLI
 * (live-aliases.ts) gives it the SDK.
 */
/**
 * The alias each canaried route invokes: infra/aws/releases.ts' LIVE_ALIAS (a test holds them equal),
 * written here too so the deploy job's bundle of this tool carries no CDK.
 */
export const LIVE_ALIAS = 'live';

export interface LiveAlias {
  version: string;
  /** Weighted routing to another version (a canary under way): none once an alias is rolled back. */
  weights: Record<string, number>;
}

export interface AliasApi {
  /** Every function name of the region that starts with the prefix. */
  functionNames(prefix: string): Promise<string[]>;
  /** The function's `live` alias, or undefined when it has none. */
  liveAlias(functionName: string): Promise<LiveAlias | undefined>;
  /** Points `live` at one version, all of the calls. */
  pointLive(functionName: string, version: string): Promise<void>;
}

/** Function name → the version its `live` alias served. */
export type LiveRecord = Record<string, string>;

/** The prefix CloudFormation gives the names of a stack's functions (stack name, construct, suffix). */
export const stackFunctionPrefix = (stackName: string) => `${stackName}-`;

/** Before a deploy: what each of the stack's functions with a `live` alias serves. */
export async function recordLive(api: AliasApi, stackName: string): Promise<LiveRecord> {
  const record: LiveRecord = {};
  for (const name of (await api.functionNames(stackFunctionPrefix(stackName))).sort()) {
    const alias = await api.liveAlias(name);
    if (alias) record[name] = alias.version;
  }
  return record;
}

/** Checks a record read back from a file: function names to version numbers, nothing else. */
export function parseLiveRecord(value: unknown): LiveRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`The ${LIVE_ALIAS} record is not an object of function names to versions.`);
  for (const [name, version] of Object.entries(value)) {
    if (typeof version !== 'string' || !/^\d+$/.test(version))
      throw new Error(
        `The ${LIVE_ALIAS} record gives ${name} the version ${JSON.stringify(version)}, not a published version number.`,
      );
  }
  return value as LiveRecord;
}

/**
 * After a failed smoke test: each recorded alias that serves another version, or splits its
 * calls, is pointed back at its recorded version. Returns what it moved, one line each.
 */
export async function restoreLive(api: AliasApi, record: LiveRecord): Promise<string[]> {
  const moved: string[] = [];
  for (const [name, version] of Object.entries(record)) {
    const now = await api.liveAlias(name);
    if (now && now.version === version && Object.keys(now.weights).length === 0) continue;
    await api.pointLive(name, version);
    moved.push(
      `${name}: ${LIVE_ALIAS} ${now ? `${now.version}${Object.keys(now.weights).length ? ' (split)' : ''}` : '(none)'} → ${version}`,
    );
  }
  return moved;
}
