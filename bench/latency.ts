/**
 * Figure 1 of the bench: an API call through the local gateway (HTTP, a real access token,
 * the real handler) next to the same DynamoDB operations issued bare from this process, at
 * concurrency 1 and 16, repeated, alternating which of the two goes first.
 */
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type AddRow, fmt, median, percentile, runs, timedLoop } from './stats';

export interface LatencyCase {
  /** What the gateway side is, e.g. "GET /api/portfolios/{userId}". */
  label: string;
  /** What the bare side issues, e.g. "GetItem". */
  bareLabel: string;
  requests: number;
  /** Repetitions, when not the plan's (a call that reads every client is too slow for three). */
  reps?: number;
  /** The bench figure the rows belong to: 1 unless said. */
  figure?: string;
  gateway: () => Promise<void>;
  bare: () => Promise<void>;
}

export interface LatencyPlan {
  reps: number;
  concurrencies: readonly number[];
  warmup: number;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, decompressed when it came gzip-encoded. */
  body: string;
  /** Bytes on the wire. */
  wireBytes: number;
}

/** Requests sent again after a keep-alive race (see httpCall); the run reports how many. */
export const keepAliveRetries = { count: 0 };

/**
 * One request over a keep-alive agent, asking for gzip like a browser; resolves once the body is
 * read. A request on a reused socket that the server reset before answering is sent once more,
 * as browsers do (the server may close an idle socket just as the next request goes out).
 */
export async function httpCall(
  agent: Agent,
  method: string,
  url: URL,
  token: string,
  json?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<HttpAnswer> {
  try {
    return await httpCallOnce(agent, method, url, token, json, extraHeaders);
  } catch (error) {
    if (!(error instanceof KeepAliveReset)) throw error;
    keepAliveRetries.count += 1;
    return httpCallOnce(agent, method, url, token, json, extraHeaders);
  }
}

class KeepAliveReset extends Error {}

function httpCallOnce(
  agent: Agent,
  method: string,
  url: URL,
  token: string,
  json: unknown,
  extraHeaders: Record<string, string>,
): Promise<HttpAnswer> {
  const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolvePromise, reject) => {
    const req = request(
      url,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...extraHeaders,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolvePromise({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: body.toString('utf8'),
            wireBytes: raw.length,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(req.reusedSocket && error.code === 'ECONNRESET' ? new KeepAliveReset(error.message) : error),
    );
    req.end(payload);
  });
}

export async function measureLatency(
  c: LatencyCase,
  plan: LatencyPlan,
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const warmup = Math.min(plan.warmup, c.requests);
  const reps = c.reps ?? plan.reps;
  progress(`${c.label}: warming up (${warmup} of each)`);
  await timedLoop(warmup, 4, c.gateway);
  await timedLoop(warmup, 4, c.bare);

  type Lat = { p50: number[]; p99: number[]; rps: number[] };
  const lat = new Map<string, Lat>();
  const latOf = (k: string): Lat => {
    let found = lat.get(k);
    if (!found) lat.set(k, (found = { p50: [], p99: [], rps: [] }));
    return found;
  };
  for (let rep = 0; rep < reps; rep++) {
    for (const conc of plan.concurrencies) {
      // Alternate which goes first, so neither always runs on a warmer (or hotter) machine.
      const order = (rep + conc) % 2 === 0 ? (['gateway', 'bare'] as const) : (['bare', 'gateway'] as const);
      for (const target of order) {
        const run = await timedLoop(c.requests, conc, target === 'gateway' ? c.gateway : c.bare);
        const l = latOf(`${target}@${conc}`);
        l.p50.push(percentile(run.samples, 50));
        l.p99.push(percentile(run.samples, 99));
        l.rps.push(c.requests / (run.wallMs / 1000));
        progress(
          `  rep ${rep + 1}/${reps} ${target.padEnd(7)} c=${String(conc).padEnd(2)}: p50 ${fmt(l.p50.at(-1) ?? 0, 3)} ms, p99 ${fmt(l.p99.at(-1) ?? 0, 3)} ms, ${fmt(l.rps.at(-1) ?? 0, 0)} req/s`,
        );
      }
    }
  }

  for (const conc of plan.concurrencies) {
    const gw = latOf(`gateway@${conc}`);
    const bare = latOf(`bare@${conc}`);
    const repsText = `median of ${reps} run(s) of ${c.requests.toLocaleString('en-US')}; runs:`;
    const name = `${c.figure ?? '1'}. ${c.label}, c=${conc}`;
    row(
      `${name}: via gateway p50 / p99`,
      `${fmt(median(gw.p50), 2)} / ${fmt(median(gw.p99), 2)}`,
      'ms',
      `${repsText} p50 ${runs(gw.p50)}; p99 ${runs(gw.p99)}`,
      reps * c.requests,
    );
    row(
      `${name}: bare ${c.bareLabel} p50 / p99`,
      `${fmt(median(bare.p50), 2)} / ${fmt(median(bare.p99), 2)}`,
      'ms',
      `${repsText} p50 ${runs(bare.p50)}; p99 ${runs(bare.p99)}`,
      reps * c.requests,
    );
    row(
      `${name}: ratio gateway / bare, p50 / p99`,
      `${fmt(median(gw.p50) / median(bare.p50), 2)} / ${fmt(median(gw.p99) / median(bare.p99), 2)}`,
      '×',
      `throughput gateway ${fmt(median(gw.rps), 0)} req/s, bare ${fmt(median(bare.rps), 0)} /s`,
    );
  }
}
