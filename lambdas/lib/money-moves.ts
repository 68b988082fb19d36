/**
 * Recording a ledger entry and the new balance together (design.md section 3): a deposit,
 * withdrawal or adjustment changes B in the same transaction that writes its entry.
 */
import { withUpcomingEligibility } from '../../shared/eligibility';
import { type EntryType, applyEntry, type LedgerEntry, replayLedger, isBackdated } from '../../shared/growth';
import type { Cents } from '../../shared/money';
import { table, type TransactItem } from './db';
import { newId } from './ids';
import { type EntryItem, loadLedger, newEntryItem, toLedgerEntry } from './ledger';
import { type Idempotency, transactOnProfile } from './profile-transaction';
import { balanceStateOf, type Profile } from './profiles';

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
  /** More writes for the same transaction (e.g. marking a request approved). */
  extraWrites?: (profile: Profile, entry: EntryItem) => TransactItem[];
  /** More profile attributes to set in the same transaction (e.g. one request fewer waiting). */
  extraProfileSet?: (profile: Profile) => Record<string, unknown>;
  onExtraConditionFailed?: () => never;
  answer: (recorded: Recorded<null extends S ? EntryItem | null : EntryItem>) => A;
  idempotency?: Idempotency;
  /** The withdrawal request the entry pays out, kept on it (notifications tell of the approval instead). */
  requestId?: string;
}

export function recordEntry<A, S extends EntrySpec | null = EntrySpec>(input: RecordEntryInput<A, S>): Promise<A> {
  return transactOnProfile(
    input.sub,
    async (profile) => {
      const spec: EntrySpec | null = input.entryFor(profile);
      // Only reached when `entryFor` may give null, so `answer` was typed to take a null entry.
      if (!spec) return { answer: input.answer({ profile, newBalanceCents: profile.balanceCents, entry: null as never }) };
      input.check?.(profile, spec);
      const entryId = newId(input.now);
      const domainEntry: LedgerEntry = { id: entryId, ...spec };
      const state = balanceStateOf(profile);
      // A backdated entry changes growth already credited: the balance is a replay of the ledger with it.
      const next = isBackdated(state, domainEntry)
        ? replayLedger([...(await loadLedger(input.sub, true)).map(toLedgerEntry), domainEntry], state.lastUpdate)
        : applyEntry(state, domainEntry);
      const entry = newEntryItem({
        sub: input.sub,
        entryId,
        ...spec,
        note: input.note,
        adminEmail: input.adminEmail,
        now: input.now,
        balanceAfterCents: next.balanceCents,
        requestId: input.requestId,
      });
      const extras = input.extraWrites?.(profile, entry) ?? [];
      return {
        profileSet: {
          ...input.extraProfileSet?.(profile),
          balanceCents: next.balanceCents,
          netCents: next.netCents,
          // A replay gives G(L) anew; an entry after L leaves it as it was.
          ...(next.grownUnrounded === undefined ? {} : { grownUnrounded: next.grownUnrounded }),
          // A deposit adds its eligibility date to the profile's list (the dates already reached drop out).
          ...(spec.type === 'deposit' ? { upcomingEligibleAt: withUpcomingEligibility(profile.upcomingEligibleAt ?? [], spec.at, input.now) } : {}),
        },
        writes: [{ Put: { TableName: table(), Item: entry, ConditionExpression: 'attribute_not_exists(PK)' } }, ...extras],
        onWriteConditionFailed: (index) => {
          if (index > 0 && input.onExtraConditionFailed) input.onExtraConditionFailed();
          throw new Error('ledger entry id collision');
        },
        answer: input.answer({ profile, newBalanceCents: next.balanceCents, entry }),
      };
    },
    { now: input.now, idempotency: input.idempotency },
  );
}
