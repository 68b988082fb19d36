/**
 * Figure 7 of the bench: the admin list a page at a time on the largest table: its first page,
 * a balance sort and a search, through the local gateway (HTTP, the admin's real token, the real
 * handler) next to the same reads issued in this process by the list's own code (lambdas/lib/
 * client-list.ts: 16 shard Queries in parallel, merged), at concurrency 1 and 16.
 *
 * The list's code uses the handlers' DynamoDB client, which startStack configures: call it only
 * once the stack has started.
 */
import type { Agent } from 'node:http';
import { listClientsPage } from '../lambdas/lib/data/client-list';
import { routeByName } from '../shared/api';
import { CLIENT_PAGE_DEFAULT } from '../shared/validation';
import { httpCall, type LatencyCase } from './latency';

export interface ListContext {
  agent: Agent;
  baseUrl: string;
  admin: { accessToken: string };
  /** Clients in the table: the search's needle is chosen to match a handful of them. */
  clients: number;
  requests: number;
  /** A search reads every client in the table (a substring cannot use an index): fewer of them. */
  searchRequests: number;
}

export function listCases(ctx: ListContext): { cases: LatencyCase[]; check: () => void } {
  const problems: string[] = [];
  const path = routeByName('listClients').path;
  // bench-<n>@example.com: a number of four digits matches itself and its tens (bench-4242, bench-42420...).
  const needle = `bench-${Math.floor(ctx.clients / 23)}`;
  const variants = [
    { name: 'first page', query: {}, requests: ctx.requests, wantFull: true },
    { name: 'sort Highest First', query: { sort: 'balance-desc' }, requests: ctx.requests, wantFull: true },
    { name: `search "${needle}"`, query: { search: needle }, requests: ctx.searchRequests, wantFull: false },
  ] as const;
  const cases = variants.map((v): LatencyCase => {
    const url = new URL(path, ctx.baseUrl);
    for (const [k, value] of Object.entries(v.query)) url.searchParams.set(k, value);
    return {
      label: `GET ${path}?${url.searchParams.toString() || 'limit=50'} (${v.name}, ${ctx.clients.toLocaleString('en-US')} clients)`,
      bareLabel: 'the same 16 shard Queries in-process',
      figure: '7',
      requests: v.requests,
      reps: 1,
      gateway: async () => {
        const res = await httpCall(ctx.agent, 'GET', url, ctx.admin.accessToken);
        const page = res.status === 200 ? (JSON.parse(res.body) as { clients: unknown[] }) : null;
        if (!page || (v.wantFull && page.clients.length !== CLIENT_PAGE_DEFAULT))
          problems.push(`${v.name}: ${res.status} ${res.body.slice(0, 200)}`);
      },
      bare: async () => {
        const page = await listClientsPage(
          {
            limit: CLIENT_PAGE_DEFAULT,
            order: 'sort' in v.query ? 'balance-desc' : 'email',
            ...('search' in v.query ? { search: v.query.search } : {}),
          },
          Date.now(),
        );
        if (v.wantFull && page.clients.length !== CLIENT_PAGE_DEFAULT)
          problems.push(`${v.name} in-process: ${page.clients.length} clients`);
      },
    };
  });
  return {
    cases,
    check: () => {
      if (problems.length > 0)
        throw new Error(`the admin list answered wrongly ${problems.length} time(s); first: ${problems[0]}`);
    },
  };
}
