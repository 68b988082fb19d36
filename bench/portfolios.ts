/**
 * Synthetic portfolios for the weekly-job bench: profile items shaped exactly as `createProfile`
 * writes them (but last updated 8 days ago, so due) and 1 to 20 deposits each, dated before
 * lastUpdate, with the balance a replay of that ledger. Written with BatchWriteItem.
 *
 * The handlers' ledger code it calls uses the handlers' DynamoDB client, which startStack
 * configures: call it only once the stack has started.
 */
import { type DynamoDBDocumentClient, BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, totalsKeys } from '../lambdas/lib/data/table';
import { upcomingEligibility } from '../shared/eligibility';
import { type BalanceState, DAY_MS, type LedgerEntry, replayLedger } from '../shared/growth';
import { loadLedger, newEntryItem, toLedgerEntry } from '../lambdas/lib/data/ledger';
import { newProfileItem, type Profile } from '../lambdas/lib/data/profile-item';
import { prng, sleep } from './stats';

export type Item = Record<string, unknown>;

const BATCH = 25;

function hex(rand: () => number, chars: number): string {
  let out = '';
  while (out.length < chars)
    out += Math.floor(rand() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, chars);
}

function uuidFrom(rand: () => number): string {
  const h = hex(rand, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What createProfile writes, with a given state instead of an empty one. */
function profileItem(sub: string, n: number, createdAt: number, state: BalanceState): Profile & Item {
  return newProfileItem(
    { sub, email: `bench-${n}@example.com`, firstName: 'Bench', lastName: `Client ${n}`, cognitoUsername: sub },
    state,
    createdAt,
  );
}

export interface SeedPlan {
  count: number;
  /** Number of the first portfolio (its e-mail is bench-<n>@example.com), so a table can be grown in steps. */
  first?: number;
  /** Every portfolio's lastUpdate (8 days before the run). */
  lastUpdate: number;
  seed?: number;
  /** Exactly this many deposits each (1 to 20 at random when absent). */
  entriesEach?: number;
}

export interface SeedStats {
  subs: string[];
  portfolios: number;
  entries: number;
  items: number;
  /** Σ of the seeded balances. */
  balanceCents: number;
}

/** Items of all portfolios, one portfolio at a time (nothing is kept but the subs). */
function* portfolioItems(plan: SeedPlan, stats: SeedStats): Generator<Item> {
  const first = plan.first ?? 0;
  const rand = prng((plan.seed ?? 20240601) + first);
  const L = plan.lastUpdate;
  for (let n = first; n < first + plan.count; n++) {
    const sub = uuidFrom(rand);
    const createdAt = L - Math.floor((30 + rand() * 400) * DAY_MS);
    const entryCount = plan.entriesEach ?? 1 + Math.floor(rand() * 20);
    const entries: LedgerEntry[] = [];
    for (let k = 0; k < entryCount; k++) {
      const at = createdAt + Math.floor(rand() * (L - createdAt)); // before L
      entries.push({
        id: `${at.toString(36).padStart(9, '0')}${hex(rand, 16)}`,
        type: 'deposit',
        amountCents: 10_000 + Math.floor(rand() * 5_000_000),
        at,
      });
    }
    entries.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    const state = replayLedger(entries, L);
    yield {
      ...profileItem(sub, n, createdAt, state),
      upcomingEligibleAt: upcomingEligibility(
        entries.map((e) => e.at),
        L,
      ),
    };
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k]!;
      yield newEntryItem({
        sub,
        entryId: e.id,
        type: e.type,
        amountCents: e.amountCents,
        at: e.at,
        note: k === 0 ? 'Initial investment' : '',
        adminEmail: 'admin@example.com',
        now: e.at,
        balanceAfterCents: replayLedger(entries.slice(0, k + 1), e.at).balanceCents,
      }) as unknown as Item;
    }
    stats.subs.push(sub);
    stats.portfolios += 1;
    stats.entries += entries.length;
    stats.balanceCents += state.balanceCents;
  }
}

/** BatchWriteItem of 25 items a call, `parallel` calls in flight, UnprocessedItems retried with backoff. */
export async function batchPut(
  doc: DynamoDBDocumentClient,
  tableName: string,
  items: Iterator<Item>,
  parallel: number,
  onProgress?: (written: number) => void,
): Promise<number> {
  let written = 0;
  let done = false;
  const take = (): Item[] => {
    const batch: Item[] = [];
    while (!done && batch.length < BATCH) {
      const next = items.next();
      if (next.done) done = true;
      else batch.push(next.value);
    }
    return batch;
  };
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (;;) {
        const batch = take();
        if (batch.length === 0) return;
        let requests = batch.map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt > 0) await sleep(Math.min(2000, 25 * 2 ** attempt));
          if (attempt > 12)
            throw new Error(`BatchWriteItem: ${requests.length} items still unprocessed after ${attempt} attempts`);
          const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
        written += batch.length;
        onProgress?.(written);
      }
    }),
  );
  return written;
}

export async function seedPortfolios(
  doc: DynamoDBDocumentClient,
  tableName: string,
  plan: SeedPlan,
  parallel: number,
  onProgress?: (stats: SeedStats) => void,
): Promise<SeedStats> {
  const stats: SeedStats = { subs: [], portfolios: 0, entries: 0, items: 0, balanceCents: 0 };
  stats.items = await batchPut(doc, tableName, portfolioItems(plan, stats), parallel, () => onProgress?.(stats));
  // Written around the API, so added to the admin totals here, as a client's creation and deposits would have.
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: totalsKeys.bucket(0, 'bench-seed'),
      UpdateExpression: 'ADD clients :c, balanceCents :b, weeklyGainHundredths :g',
      ExpressionAttributeValues: { ':c': stats.portfolios, ':b': stats.balanceCents, ':g': 0 },
    }),
  );
  return stats;
}

/**
 * Gives `sub` a ledger of `total` entries: deposits spread over the year before its lastUpdate,
 * the balance and net replayed from the whole ledger (so the portfolio stays exact).
 */
export async function fillLedger(
  doc: DynamoDBDocumentClient,
  tableName: string,
  sub: string,
  total: number,
  adminEmail: string,
): Promise<number> {
  const { Item } = await doc.send(
    new GetCommand({ TableName: tableName, Key: keys.profile(sub), ConsistentRead: true }),
  );
  const profile = Item as Profile | undefined;
  if (!profile) throw new Error(`no profile for ${sub}`);
  const L = Date.parse(profile.lastUpdate);
  const existing = (await loadLedger(sub, true)).map(toLedgerEntry);
  const rand = prng(500);
  const added: LedgerEntry[] = [];
  for (let k = existing.length; k < total; k++) {
    const at = L - Math.floor((1 + rand() * 364) * DAY_MS);
    added.push({
      id: `${at.toString(36).padStart(9, '0')}${hex(rand, 16)}`,
      type: 'deposit',
      amountCents: 1_000 + Math.floor(rand() * 100_000),
      at,
    });
  }
  const all = [...existing, ...added].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
  const addedIds = new Set(added.map((e) => e.id));
  function* items(): Generator<Item> {
    for (let k = 0; k < all.length; k++) {
      const e = all[k]!;
      if (!addedIds.has(e.id)) continue;
      const balanceAfterCents = replayLedger(all.slice(0, k + 1), e.at).balanceCents;
      yield newEntryItem({
        sub,
        entryId: e.id,
        type: e.type,
        amountCents: e.amountCents,
        at: e.at,
        note: 'Bench deposit',
        adminEmail,
        now: e.at,
        balanceAfterCents,
      }) as unknown as Item;
    }
  }
  await batchPut(doc, tableName, items(), 4);
  const state = replayLedger(all, L);
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.profile(sub),
      UpdateExpression:
        'SET balanceCents = :b, GSI5SK = :bk, netCents = :n, upcomingEligibleAt = :u, version = version + :one',
      ExpressionAttributeValues: {
        ':b': state.balanceCents,
        ':bk': keys.balanceOrder(sub, state.balanceCents).GSI5SK,
        ':n': state.netCents,
        ':u': upcomingEligibility(
          all.filter((e) => e.type === 'deposit').map((e) => e.at),
          Date.now(),
        ),
        ':one': 1,
      },
    }),
  );
  return all.length;
}

export interface Verification {
  checked: number;
  matched: number;
  mismatches: { sub: string; reason: string }[];
}

/**
 * For each sub: the stored profile was moved to `expectedLastUpdate` and its balance and net are
 * exactly a replay of its ledger there.
 */
export async function verifyPortfolios(
  doc: DynamoDBDocumentClient,
  tableName: string,
  subs: readonly string[],
  expectedLastUpdate: number,
): Promise<Verification> {
  const result: Verification = { checked: 0, matched: 0, mismatches: [] };
  const queue = [...subs];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let sub = queue.pop(); sub !== undefined; sub = queue.pop()) {
        const { Item } = await doc.send(
          new GetCommand({ TableName: tableName, Key: keys.profile(sub), ConsistentRead: true }),
        );
        const profile = Item as Profile | undefined;
        result.checked += 1;
        if (!profile) {
          result.mismatches.push({ sub, reason: 'no profile' });
          continue;
        }
        const L = Date.parse(profile.lastUpdate);
        const replayed = replayLedger((await loadLedger(sub, true)).map(toLedgerEntry), L);
        if (L !== expectedLastUpdate) {
          result.mismatches.push({
            sub,
            reason: `lastUpdate ${profile.lastUpdate}, expected ${new Date(expectedLastUpdate).toISOString()}`,
          });
        } else if (replayed.balanceCents !== profile.balanceCents || replayed.netCents !== profile.netCents) {
          result.mismatches.push({
            sub,
            reason: `stored ${profile.balanceCents}/${profile.netCents}, replay ${replayed.balanceCents}/${replayed.netCents}`,
          });
        } else {
          result.matched += 1;
        }
      }
    }),
  );
  return result;
}
