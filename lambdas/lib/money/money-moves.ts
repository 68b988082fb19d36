/**
 * Recording a ledger entry and the new balance together (docs/product.md, "Money"): a deposit,
 * withdrawal or adjustment changes B in the same transaction that writes its entry.
 */
import { withUpcomingEligibility } from '../../../shared/eligibility';
import { type EntryType, applyEntry, type LedgerEntry, replayLedger, isBackdated } from '../../../shared/growth';
import { lastWeekGrowth } from '../../../shared/history';
import type { Cents } from '../../../shared/money';
import { type ActivityAct, activityPut } from '../data/activity-log';
import { table, type TransactItem } from '../runtime/db';
import { newId } from '../data/ids';
import { type EntryItem, loadLedger, newEntryItem, toLedgerEntry } from '../data/ledger';
import { type Idempotency, type Plan, transactOnProfile } from '../data/profile-transaction';
import { balanceStateOf, type Profile } from '../data/profile-item';

export interface EntrySpec {
  type: EntryType;
  amountCents: Cents;
  at: number;
}

/** `E` is the entry written: never null for a change that always records one (a deposit, a withdrawal). */
export interface Recorded<E extends EntryItem | null = EntryItem> {
  profile: Profile;
  newBalanceCents: Cents;
  entry: E;
}

/** `A` is the answer the change gives, as transactOnProfile keeps it; `S` what `entryFor` can give. */
export interface RecordEntryInput<A, S extends EntrySpec | null = EntrySpec> {
  sub: string;
  now: number;
  note: string;
  adminEmail: string;
  /** The entry to record given the current profile, or null when there is nothing to record. */
  entryFor: (profile: Profile) => S;
  /** Refuses the change (by throwing) given the profile as it is now. */
  check?: (profile: Profile, spec: EntrySpec) => void;
  /** More writes for the same transaction (e.g. marking a request approved); `entry` is null when nothing is recorded. */
  extraWrites?: (profile: Profile, entry: EntryItem | null) => TransactItem[];
  /** More profile attributes to set in the same transaction (e.g. one request fewer waiting). */
  extraProfileSet?: (profile: Profile) => Record<string, unknown>;
  /** One of `extraWrites` (by its index) failed its condition. */
  onExtraConditionFailed?: (extraIndex: number) => never;
  /**
   * The activity log's entry for this act, written in the same transaction: given the balance
   * before and after (after equals before when nothing is recorded).
   */
  activity: (profile: Profile, balanceAfterCents: Cents) => ActivityAct;
  /**
   * The four-eyes rule, given the move's effect on the balance now (after the replay a backdated
   * entry needs): a plan proposing the move instead of applying it, or what applying it writes
   * besides the entry. Asked after `check`, so a move that could never apply is refused rather
   * than proposed.
   */
  gate?: (profile: Profile, changeCents: Cents) => Promise<Gate<A>>;
  /** The second administrator who approved the move; the entry names both. */
  approvedBy?: string;
  answer: (recorded: Recorded<null extends S ? EntryItem | null : EntryItem>) => A;
  idempotency?: Idempotency;
  /** The withdrawal request the entry pays out, kept on it (notifications tell of the approval instead). */
  requestId?: string;
}

/** What the four-eyes rule makes of a move: proposed instead, or applied with these writes too. */
export type Gate<A> =
  | { proposal: Plan<A> }
  | {
      /** Profile attributes set with the move (the client's day of moves). */
      profileSet: Record<string, unknown>;
      /** Items written with it (the administrator's day); one failing its condition means: plan again. */
      writes: TransactItem[];
    };

export function recordEntry<A, S extends EntrySpec | null = EntrySpec>(input: RecordEntryInput<A, S>): Promise<A> {
  return transactOnProfile(
    input.sub,
    async (profile) => {
      const spec: EntrySpec | null = input.entryFor(profile);
      if (!spec) return nothingToRecord(input, profile);
      input.check?.(profile, spec);
      const entryId = newId(input.now);
      const domainEntry: LedgerEntry = { id: entryId, ...spec };
      const state = balanceStateOf(profile);
      // A backdated entry changes growth already credited: the balance is a replay of the ledger with it.
      const backdated = isBackdated(state, domainEntry);
      const ledger = backdated ? [...(await loadLedger(input.sub, true)).map(toLedgerEntry), domainEntry] : [];
      const next = backdated ? replayLedger(ledger, state.lastUpdate) : applyEntry(state, domainEntry);
      const gate = (await input.gate?.(profile, next.balanceCents - profile.balanceCents)) ?? {
        profileSet: {},
        writes: [],
      };
      if ('proposal' in gate) return gate.proposal;
      // Growth the replay credits anew is this week's change too, as a weekly update's would be.
      const weekly = backdated ? lastWeekGrowth(ledger, state.lastUpdate) : undefined;
      const entry = newEntryItem({
        sub: input.sub,
        entryId,
        ...spec,
        note: input.note,
        adminEmail: input.adminEmail,
        approvedBy: input.approvedBy,
        now: input.now,
        balanceAfterCents: next.balanceCents,
        requestId: input.requestId,
      });
      const extras = input.extraWrites?.(profile, entry) ?? [];
      return {
        profileSet: {
          ...input.extraProfileSet?.(profile),
          ...gate.profileSet,
          balanceCents: next.balanceCents,
          netCents: next.netCents,
          // A replay gives G(L) anew; an entry after L leaves it as it was.
          ...(next.grownUnrounded === undefined ? {} : { grownUnrounded: next.grownUnrounded }),
          ...(weekly ? { weeklyGainCents: weekly.gainCents, weeklyGainPercent: weekly.gainPercent } : {}),
          // A deposit adds its eligibility date to the profile's list (the dates already reached drop out).
          ...(spec.type === 'deposit'
            ? { upcomingEligibleAt: withUpcomingEligibility(profile.upcomingEligibleAt ?? [], spec.at, input.now) }
            : {}),
        },
        writes: [
          { Put: { TableName: table(), Item: entry, ConditionExpression: 'attribute_not_exists(PK)' } },
          ...extras,
          ...gate.writes,
          activityPut(input.activity(profile, next.balanceCents)),
        ],
        onWriteConditionFailed: (index) => {
          if (index > 0 && index <= extras.length && input.onExtraConditionFailed)
            input.onExtraConditionFailed(index - 1);
          // The administrator's day changed meanwhile (another of their moves): plan again from fresh data.
          if (index > extras.length && index <= extras.length + gate.writes.length) return;
          throw new Error('ledger entry or activity id collision');
        },
        answer: input.answer({ profile, newBalanceCents: next.balanceCents, entry }),
      };
    },
    { now: input.now, idempotency: input.idempotency },
  );
}

/** The balance already is what was asked: no entry, but the extra writes and the act's record still go in. */
function nothingToRecord<A, S extends EntrySpec | null>(input: RecordEntryInput<A, S>, profile: Profile): Plan<A> {
  const extras = input.extraWrites?.(profile, null) ?? [];
  return {
    profileSet: input.extraProfileSet?.(profile),
    writes: [...extras, activityPut(input.activity(profile, profile.balanceCents))],
    onWriteConditionFailed: (index) => {
      if (index < extras.length && input.onExtraConditionFailed) input.onExtraConditionFailed(index);
      throw new Error('activity id collision');
    },
    // Only reached when `entryFor` may give null, so `answer` was typed to take a null entry.
    answer: input.answer({ profile, newBalanceCents: profile.balanceCents, entry: null as never }),
  };
}
