/**
 * Figure 8 of the bench: the balances export of the whole table, as an admin's page runs it
 * (POST, then asking after it), until its file is ready; then the file is fetched from its link
 * and its rows counted. The exporter runs in the stack's process, as the local stack runs it.
 */
import type { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { routeByName } from '../shared/api';
import { httpCall } from './latency';
import { type AddRow, fmt, sleep } from './stats';

export async function measureExport(
  ctx: { agent: Agent; baseUrl: string; admin: { accessToken: string }; clients: number },
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const startUrl = new URL(routeByName('startBalancesExport').path, ctx.baseUrl);
  const t0 = performance.now();
  const started = await httpCall(ctx.agent, 'POST', startUrl, ctx.admin.accessToken);
  if (started.status !== 202) throw new Error(`export did not start: ${started.status} ${started.body.slice(0, 200)}`);
  const { exportId } = JSON.parse(started.body) as { exportId: string };
  const statusUrl = new URL(routeByName('getBalancesExport').path.replace('{id}', exportId), ctx.baseUrl);
  let state: { status: string; rows?: number; url?: string } = { status: 'running' };
  let asked = 0;
  while (state.status === 'running') {
    await sleep(250);
    const res = await httpCall(ctx.agent, 'GET', statusUrl, ctx.admin.accessToken);
    state = JSON.parse(res.body) as typeof state;
    asked++;
  }
  const readyMs = performance.now() - t0;
  if (state.status !== 'ready' || !state.url) throw new Error(`export ${exportId} ended ${state.status}`);
  const file = await fetch(state.url);
  const text = await file.text();
  const lines = text.split('\r\n').filter(Boolean).length - 1;
  if (lines !== ctx.clients || state.rows !== ctx.clients)
    throw new Error(`export has ${lines} rows (says ${state.rows}), the table ${ctx.clients} clients`);
  progress(
    `export of ${ctx.clients} clients ready in ${fmt(readyMs / 1000, 1)} s (${asked} status calls), ${fmt(text.length / 1024 ** 2, 1)} MB`,
  );
  row(
    `8. balances export of ${ctx.clients.toLocaleString('en-US')} clients: start to ready`,
    fmt(readyMs / 1000, 1),
    's',
    `${fmt(ctx.clients / (readyMs / 1000), 0)} clients/s, in e-mail order (16 GSI4 shards merged), streamed to the local S3 stand-in as a multipart upload; file ${fmt(text.length / 1024 ** 2, 1)} MB, every row checked`,
  );
}
