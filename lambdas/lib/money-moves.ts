/**
 * Recording a ledger entry and the new balance together (design.md section 3): a deposit,
 * withdrawal or adjustment changes B in the same transaction that writes its entry.
 */
import { upcomingEligibility, withUpcomingEligibility } from '../../shared/eligibility';
import { type EntryType, applyEntry, type LedgerEntry, replayLedger, isBackdated } from '../../shared/growth';
import type { Cents } from '../../shared/money';
import { table } from './db';
import type { Answer } from './http';
import { newId } from './ids';
import { type EntryItem, loadLedger, newEntryItem, toLedgerEntry } from './ledger';
import { type Idempotency, transactOnProfile, type TransactItem } from './profile-transaction';
import { balanceStateOf, type Profile } from './profiles';

export interface EntrySpec {
  type: EntryType;
  amountCents: Cents;
  at: number;
}

export interface Recorded {
  profile: Profile;
  newBalanceCents: Cents;
  entry: EntryItem | null;
}

export interface RecordEntryInput {
  sub: string;
  now: number;
  note: string;
  adminEmail: string;
  /** The entry to record given the current profile, or null when there is nothing to record. */
  entryFor: (profile: Profile) => EntrySpec | null;
  /** Refuses the change (by throwing) given the profile as it is now. */
  check?: (profile: Profile, spec: EntrySpec) => void;
  /** More writes for the same transaction (e.g. marking a request approved). */
  extraWrites?: (profile: Profile, entry: EntryItem) => TransactItem[];
  onExtraConditionFailed?: () => never;
  answer: (recorded: Recorded) => Answer;
  idempotency?: Idempotency;
}

const depositTimes = (ledger: readonly LedgerEntry[]) => ledger.filter((e) => e.type === 'deposit').map((e) => e.at);

/** The profile's upcoming eligibility dates with this deposit's; rebuilt from the ledger on profiles older than the list. */
function upcomingAfterDeposit(profile: Profile, ledger: LedgerEntry[] | null, at: number, now: number): string[] {
  const known = profile.upcomingEligibleAt ?? upcomingEligibility(depositTimes(ledger ?? []), now);
  return withUpcomingEligibility(known, at, now);
}

export function recordEntry(input: RecordEntryInput): Promise<Answer> {
  return transactOnProfile(
    input.sub,
    async (profile) => {
      const spec = input.entryFor(profile);
      if (!spec) return { answer: input.answer({ profile, newBalanceCents: profile.balanceCents, entry: null }) };
      input.check?.(profile, spec);
      const entryId = newId(input.now);
      const domainEntry: LedgerEntry = { id: entryId, ...spec };
      const state = balanceStateOf(profile);
      const backdated = isBackdated(state, domainEntry);
      const ledger = backdated || (spec.type === 'deposit' && !profile.upcomingEligibleAt) ? (await loadLedger(input.sub, true)).map(toLedgerEntry) : null;
      const next = backdated && ledger ? replayLedger([...ledger, domainEntry], state.lastUpdate) : applyEntry(state, domainEntry);
      const entry = newEntryItem({
        sub: input.sub,
        entryId,
        ...spec,
        note: input.note,
        adminEmail: input.adminEmail,
        now: input.now,
        balanceAfterCents: next.balanceCents,
      });
      const extras = input.extraWrites?.(profile, entry) ?? [];
      return {
        profileSet: {
          balanceCents: next.balanceCents,
          netCents: next.netCents,
          ...(spec.type === 'deposit' ? { upcomingEligibleAt: upcomingAfterDeposit(profile, ledger, spec.at, input.now) } : {}),
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
