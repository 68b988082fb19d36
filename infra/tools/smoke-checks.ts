/**
 * The smoke test the deploy workflow runs after each deploy of a stage (docs/pipeline.md): the
 * site serves the stage's config.json, the sign-in page, and the API through CloudFront, where an
 * unauthenticated call is answered by API Gateway's authorizer with a 401. It signs nobody in and
 * changes nothing, so it runs against prod as it does against dev. A failure makes the workflow
 * move the canaried functions' `live` aliases back (live-alias-rollback.ts).
 *
 * Written on Node's fetch: three GETs and their answers need no HTTP library.
 */
import { routeByName } from '../../shared/api';

/** What the stack's outputs say the site must serve (portal-stack.ts: SiteUrl, Region, UserPoolId, UserPoolClientId). */
export interface SmokeTarget {
  siteUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
}

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  fetcher?: typeof fetch;
  /** How many times a failing check is tried: CloudFront may serve the last deploy's files for a few seconds after its invalidation. */
  attempts?: number;
  waitMs?: number;
}

/** A route every stage has and only a signed-in administrator may call: the answer without a token is the authorizer's 401. */
const UNAUTHENTICATED_ROUTE = routeByName('getClientTotals');

/** The target, from `cdk deploy --outputs-file`'s JSON: each stack's outputs by the stack's name. */
export function targetFromOutputs(outputs: unknown, stackName: string): SmokeTarget {
  const ofStack = (outputs as Record<string, Record<string, unknown> | undefined> | null)?.[stackName];
  if (!ofStack) throw new Error(`The outputs hold no stack ${stackName}: did cdk deploy write --outputs-file?`);
  const output = (name: string): string => {
    const value = ofStack[name];
    if (typeof value !== 'string' || value === '') throw new Error(`Stack ${stackName} has no output ${name}.`);
    return value;
  };
  return {
    siteUrl: output('SiteUrl').replace(/\/+$/, ''),
    region: output('Region'),
    userPoolId: output('UserPoolId'),
    userPoolClientId: output('UserPoolClientId'),
  };
}

type Probe = (fetcher: typeof fetch, target: SmokeTarget) => Promise<string | undefined>;

/** config.json, uncached, with the stage's region, pool and client: a stale or another stage's file fails. */
const configServed: Probe = async (fetcher, target) => {
  const response = await fetcher(`${target.siteUrl}/config.json`, { cache: 'no-store', redirect: 'manual' });
  if (response.status !== 200) return `answered ${response.status}`;
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!body) return 'is not JSON';
  const wrong = (['region', 'userPoolId', 'userPoolClientId'] as const).filter((key) => body[key] !== target[key]);
  return wrong.length
    ? `has ${wrong.map((key) => `${key} ${JSON.stringify(body[key])}, not ${JSON.stringify(target[key])}`).join('; ')}`
    : undefined;
};

/** The sign-in page: `/`, prerendered, with its password field. */
const signInPage: Probe = async (fetcher, target) => {
  const response = await fetcher(`${target.siteUrl}/`, { redirect: 'manual' });
  if (response.status !== 200) return `answered ${response.status}`;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html'))
    return `is ${response.headers.get('content-type') ?? 'without a content type'}, not HTML`;
  return /<input[^>]*type="password"/.test(await response.text()) ? undefined : 'has no password field';
};

/** The API through CloudFront: no token, so API Gateway's authorizer answers 401 before any function runs. */
const apiAnswers: Probe = async (fetcher, target) => {
  const response = await fetcher(`${target.siteUrl}${UNAUTHENTICATED_ROUTE.path}`, {
    method: UNAUTHENTICATED_ROUTE.method,
    redirect: 'manual',
  });
  if (response.status !== 401) return `answered ${response.status}, not 401`;
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return body?.message === 'Unauthorized' ? undefined : `answered 401 without API Gateway's {"message":"Unauthorized"}`;
};

const PROBES: [string, Probe][] = [
  ['config.json is the stage’s', configServed],
  ['the sign-in page is served', signInPage],
  [`${UNAUTHENTICATED_ROUTE.method} ${UNAUTHENTICATED_ROUTE.path} without a token answers 401`, apiAnswers],
];

async function attempt(
  probe: Probe,
  target: SmokeTarget,
  options: Required<SmokeOptions>,
): Promise<string | undefined> {
  let failure: string | undefined;
  for (let tries = 0; tries < options.attempts; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, options.waitMs));
    failure = await probe(options.fetcher, target).catch(
      (error: unknown) => `could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
    );
    if (failure === undefined) return undefined;
  }
  return failure;
}

/** Every check, each tried until it passes or its attempts run out. */
export async function smokeTest(target: SmokeTarget, options: SmokeOptions = {}): Promise<SmokeCheck[]> {
  const settled = {
    fetcher: options.fetcher ?? fetch,
    attempts: options.attempts ?? 6,
    waitMs: options.waitMs ?? 10_000,
  };
  const checks: SmokeCheck[] = [];
  for (const [name, probe] of PROBES) {
    const failure = await attempt(probe, target, settled);
    checks.push({ name, ok: failure === undefined, detail: failure ?? 'ok' });
  }
  return checks;
}
