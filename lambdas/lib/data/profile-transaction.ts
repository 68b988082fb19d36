/**
 * Every write that depends on a client's portfolio goes through here: read the profile, plan
 * the change, and commit it in ONE DynamoDB transaction conditioned on the profile's `version`
 * (optimistic concurrency: a concurrent change makes the condition fail and the plan is made
 * again from fresh data, so no update is ever lost).
 *
 * An Idempotency-Key joins the same transaction as a record holding the first answer, so a
 * retried request can neither move money twice nor get a different answer. (Powertools'
 * Idempotency utility writes its record outside the business transaction; a crash between the
 * two could apply a deposit twice, which a ledger must never do.)
 */
import { createHash } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './table';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { IdempotencyKeyReused, PortfolioBusy, Refused } from './domain-errors';
import { apiBucket, isNoChange, totalsDelta, totalsUpdate } from './client-totals';
import { isApplied, type Profile } from './profile-item';
import { refusals } from '../../../shared/refusals';
import { requireProfile } from './profile-reads';
import { clientListingOnWrite } from './staff-accounts';

/** `A` is the answer the change gives (whatever its caller makes of it; kept as is with an Idempotency-Key). */
export interface Plan<A> {
  /** Attributes to set on the profile (version is added here). Omit to only bump the version. */
  profileSet?: Record<string, unknown>;
  /** Other items written in the same transaction. */
  writes?: TransactItem[];
  /**
   * Called when one of `writes` fails its own condition (e.g. a request already decided): it
   * throws the refusal, or returns to have the change planned again from fresh data.
   */
  onWriteConditionFailed?: (index: number) => void;
  answer: A;
}

export interface Idempotency {
  key: string;
  /** What the request asked for; the same key with another request is refused. */
  request: unknown;
}

const MAX_ATTEMPTS = 40;
/** Idempotency records are kept a day: long enough for any client retry. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

interface IdempotencyItem<A> {
  requestHash: string;
  answer: A;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function idempotencyKeyOf(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

async function replay<A>(sub: string, idem: Idempotency): Promise<A | null> {
  const { Item } = await ddb().send(
    new GetCommand({
      TableName: table(),
      Key: keys.idempotency(sub, idempotencyKeyOf(idem.key)),
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  const record = Item as IdempotencyItem<A>;
  if (record.requestHash !== hashOf(idem.request)) throw new IdempotencyKeyReused(sub);
  return record.answer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plans and commits a change to `sub`'s portfolio. `plan` is called with the current profile
 * on every attempt, so what it computes (balances, checks) is always from fresh data. An account
 * under review is refused unless `applicantMay` (a change that moves no money, such as accepting
 * the client agreement at sign-up, which comes before the firm's decision).
 */
export async function transactOnProfile<A>(
  sub: string,
  plan: (profile: Profile) => Promise<Plan<A>>,
  options: { idempotency?: Idempotency; now: number; applicantMay?: boolean },
): Promise<A> {
  const { idempotency, now } = options;
  if (idempotency) {
    const earlier = await replay<A>(sub, idempotency);
    if (earlier) return earlier;
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const profile = await requireProfile(sub, true);
    // An account under review moves no money and makes no request: its approval is no change through here.
    if (isApplied(profile) && options.applicantMay !== true) throw new Refused('conflict', refusals.notApprovedYet);
    const p = await plan(profile);
    const writes = p.writes ?? [];
    const changed = p.profileSet ?? {};
    // The change's side on the client list (a new balance moves the client in the balance order;
    // money to a staff account makes it a client), in the same write.
    const listing = clientListingOnWrite(profile, changed);
    const set = { ...changed, ...listing.set, version: profile.version + 1 };
    const names = Object.keys(set);
    const removals = listing.remove.map((name, i) => [`#r${i}`, name] as const);
    const items: TransactItem[] = [
      {
        Update: {
          TableName: table(),
          Key: keys.profile(sub),
          UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :a${i}`).join(', ')}${removals.length > 0 ? ` REMOVE ${removals.map(([alias]) => alias).join(', ')}` : ''}`,
          ConditionExpression: 'version = :expected AND attribute_not_exists(deleted)',
          ExpressionAttributeNames: Object.fromEntries([...names.map((n, i) => [`#a${i}`, n] as const), ...removals]),
          ExpressionAttributeValues: {
            ...Object.fromEntries(names.map((n, i) => [`:a${i}`, set[n as keyof typeof set]])),
            ':expected': profile.version,
          },
        },
      },
      ...writes,
    ];
    // The admin console's totals change with the balance and the shown weekly gain, and count a
    // staff account that becomes a client, in this same transaction.
    const before = { balanceCents: profile.balanceCents, weeklyGainPercent: profile.weeklyGainPercent };
    const after = {
      balanceCents: typeof changed.balanceCents === 'number' ? changed.balanceCents : before.balanceCents,
      weeklyGainPercent:
        typeof changed.weeklyGainPercent === 'number' ? changed.weeklyGainPercent : before.weeklyGainPercent,
    };
    const delta = totalsDelta(listing.countedBefore ? before : null, listing.countedAfter ? after : null);
    if (!isNoChange(delta)) items.push(totalsUpdate(apiBucket(), delta));
    if (idempotency) {
      items.push({
        Put: {
          TableName: table(),
          Item: {
            ...keys.idempotency(sub, idempotencyKeyOf(idempotency.key)),
            requestHash: hashOf(idempotency.request),
            answer: p.answer,
            expiresAt: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      return p.answer;
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = cancellationReasons(error);
      if (idempotency && reasons[items.length - 1] === 'ConditionalCheckFailed') {
        const earlier = await replay<A>(sub, idempotency);
        if (earlier) return earlier;
      }
      const failedWrite = writes.findIndex((_, i) => reasons[i + 1] === 'ConditionalCheckFailed');
      if (failedWrite >= 0 && p.onWriteConditionFailed) p.onWriteConditionFailed(failedWrite);
      // The profile changed (or a transaction conflicted): plan again from fresh data.
      await sleep(Math.random() * Math.min(200, 5 * 2 ** Math.min(attempt, 6)));
    }
  }
  throw new PortfolioBusy(sub, MAX_ATTEMPTS);
}
