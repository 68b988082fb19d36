/**
 * The three API calls of figure 1, each with the DynamoDB operations its handler issues, issued
 * bare in the same order (the gateway / bare ratio is then the gateway, JWT check, handler and
 * JSON overhead alone).
 *
 * The handlers' ledger code it calls uses the handlers' DynamoDB client, which startStack
 * configures: call it only once the stack has started.
 */
import type { Agent } from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '../lambdas/lib/data/table';
import { withUpcomingEligibility } from '../shared/eligibility';
import { applyEntry } from '../shared/growth';
import { newEntryItem } from '../lambdas/lib/data/ledger';
import { balanceStateOf, type Profile } from '../lambdas/lib/data/profile-item';
import { newId } from '../lambdas/lib/data/ids';
import { buildPath, routeByName, type RouteName } from '../shared/api';
import { httpCall, type LatencyCase } from './latency';

export interface CaseContext {
  agent: Agent;
  doc: DynamoDBDocumentClient;
  tableName: string;
  baseUrl: string;
  client: { sub: string; accessToken: string };
  admin: { sub: string; accessToken: string };
  /** Clients the deposits go to, one after another. */
  depositSubs: readonly string[];
  requests: number;
}

type Checker = { bad: number; first?: string };

async function queryAllBare(doc: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export function apiCases(ctx: CaseContext): { cases: LatencyCase[]; check: () => void } {
  const { agent, doc, tableName, client, admin } = ctx;
  const checks = new Map<string, Checker>();
  const expect = (label: string, ok: boolean, what: () => string) => {
    let c = checks.get(label);
    if (!c) checks.set(label, (c = { bad: 0 }));
    if (!ok) {
      c.bad += 1;
      c.first ??= what();
    }
  };
  const url = (route: RouteName, params: Record<string, string> = {}) =>
    new URL(buildPath(routeByName(route).path, params), ctx.baseUrl);
  const caseLabel = (route: RouteName, detail = '') =>
    `${routeByName(route).method} ${routeByName(route).path}${detail}`;

  const portfolioUrl = url('getPortfolio', { userId: client.sub });
  const transactionsUrl = url('listTransactions', { uid: client.sub });
  let depositCount = 0;
  let bareDepositCount = 0;

  const cases: LatencyCase[] = [
    {
      label: caseLabel('getPortfolio'),
      bareLabel: 'GetItem',
      requests: ctx.requests,
      gateway: async () => {
        const res = await httpCall(agent, 'GET', portfolioUrl, client.accessToken);
        expect('portfolio', res.status === 200, () => `${res.status} ${res.body.slice(0, 200)}`);
      },
      bare: async () => {
        const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.profile(client.sub) }));
        expect('portfolio bare', Item !== undefined, () => 'no item');
      },
    },
    {
      label: caseLabel('listTransactions', ' (500 entries)'),
      bareLabel: 'GetItem + Query',
      requests: ctx.requests,
      gateway: async () => {
        const res = await httpCall(agent, 'GET', transactionsUrl, client.accessToken);
        expect(
          'transactions',
          res.status === 200 && res.body.startsWith('[{'),
          () => `${res.status} ${res.body.slice(0, 200)}`,
        );
      },
      bare: async () => {
        const [{ Item }, entries] = await Promise.all([
          doc.send(new GetCommand({ TableName: tableName, Key: keys.profile(client.sub) })),
          queryAllBare(doc, {
            TableName: tableName,
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            ExpressionAttributeValues: { ':pk': keys.clientPk(client.sub), ':prefix': keys.entryPrefix },
          }),
        ]);
        expect('transactions bare', Item !== undefined && entries.length >= 500, () => `${entries.length} entries`);
      },
    },
    {
      label: caseLabel('addDeposit'),
      bareLabel: '3 GetItem + TransactWriteItems of 3',
      requests: ctx.requests,
      gateway: async () => {
        const sub = ctx.depositSubs[depositCount++ % ctx.depositSubs.length] ?? '';
        const res = await httpCall(
          agent,
          'POST',
          url('addDeposit', { id: sub }),
          admin.accessToken,
          { amount: 100, note: 'bench' },
          { 'idempotency-key': randomUUID() },
        );
        expect(
          'deposit',
          res.status === 200 && res.body.includes('"success":true'),
          () => `${res.status} ${res.body.slice(0, 200)}`,
        );
      },
      bare: async () => {
        // The handler's reads in its order: the idempotency record, the admin's e-mail, the profile; then one transaction.
        const sub = ctx.depositSubs[bareDepositCount++ % ctx.depositSubs.length] ?? '';
        const now = Date.now();
        const idem = { PK: keys.clientPk(sub), SK: `IDEMPOTENCY#${randomUUID()}` };
        await doc.send(new GetCommand({ TableName: tableName, Key: idem, ConsistentRead: true }));
        const { Item: actor } = await doc.send(new GetCommand({ TableName: tableName, Key: keys.profile(admin.sub) }));
        const { Item } = await doc.send(
          new GetCommand({ TableName: tableName, Key: keys.profile(sub), ConsistentRead: true }),
        );
        const profile = Item as Profile;
        const entryId = newId(now);
        const next = applyEntry(balanceStateOf(profile), {
          id: entryId,
          type: 'deposit',
          amountCents: 10_000,
          at: now,
        });
        const entry = newEntryItem({
          sub,
          entryId,
          type: 'deposit',
          amountCents: 10_000,
          at: now,
          note: 'bench',
          adminEmail: String(actor?.email),
          now,
          balanceAfterCents: next.balanceCents,
        });
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.profile(sub),
                  UpdateExpression: 'SET #a0 = :a0, #a1 = :a1, #a2 = :a2, #a3 = :a3',
                  ConditionExpression: 'version = :expected AND attribute_not_exists(deleted)',
                  ExpressionAttributeNames: {
                    '#a0': 'balanceCents',
                    '#a1': 'netCents',
                    '#a2': 'upcomingEligibleAt',
                    '#a3': 'version',
                  },
                  ExpressionAttributeValues: {
                    ':a0': next.balanceCents,
                    ':a1': next.netCents,
                    ':a2': withUpcomingEligibility(profile.upcomingEligibleAt ?? [], now, now),
                    ':a3': profile.version + 1,
                    ':expected': profile.version,
                  },
                },
              },
              { Put: { TableName: tableName, Item: entry, ConditionExpression: 'attribute_not_exists(PK)' } },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...idem,
                    requestHash: 'x',
                    answer: { body: { success: true } },
                    expiresAt: Math.floor(now / 1000) + 86_400,
                  },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        );
      },
    },
  ];
  return {
    cases,
    check() {
      const bad = [...checks].filter(([, c]) => c.bad > 0);
      if (bad.length)
        throw new Error(
          `unexpected answers: ${bad.map(([label, c]) => `${label} ${c.bad}× (first: ${c.first})`).join('; ')}`,
        );
    },
  };
}
