/**
 * The check of a month's entries against its seals, on items built as the sealer builds them:
 * each way of breaking the log (change, insert, backdate, removal, a seal removed, altered or
 * added out of turn, a head left behind) is named at the entry it concerns, and an intact month
 * has no break.
 */
import { entryHashOf, GENESIS_HASH, type SealItem, sealHashOf } from './activity-seal';
import { checkMonth, SEAL_GRACE_MS, type SealPartition } from './activity-verify';
import { activityKeys, activitySealKeys } from './table';

const T0 = Date.UTC(2026, 10, 10, 12);
const MONTH = activityKeys.month(T0);

type Entry = Record<string, unknown> & { PK: string; SK: string };
const entryAt = (at: number, id: string): Entry => ({
  ...activityKeys.entry(at, id),
  id,
  at,
  kind: 'deposit',
  actor: 'a@example.com',
  amountCents: 100,
});

/** Seals the entries in the order given, as the sealer does, each written `lagMs` after its time. */
function sealAll(entries: Entry[], lagMs = 1000): SealPartition {
  const seals: SealItem[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, entry] of entries.entries()) {
    const body = {
      seq: i + 1,
      entryPk: entry.PK,
      entrySk: entry.SK,
      entryHash: entryHashOf(entry),
      writtenAt: (entry.at as number) + lagMs,
      prevHash,
    };
    const seal = { ...activitySealKeys.seal(entry.PK, entry.SK), ...body, hash: sealHashOf(body) };
    seals.push(seal);
    prevHash = seal.hash;
  }
  const last = seals[seals.length - 1];
  return { seals, tampers: [], ...(last ? { head: { seq: last.seq, hash: last.hash } } : {}) };
}

const entries = [entryAt(T0, 'e1'), entryAt(T0 + 60_000, 'e2'), entryAt(T0 + 120_000, 'e3')];
const NOW = T0 + 3_600_000;
const problems = (found: ReturnType<typeof checkMonth>) => found.map((b) => [b.problem, b.entryId]);

it('finds nothing wrong with a month sealed as written, nor an empty one', () => {
  expect(checkMonth(MONTH, entries, sealAll(entries), NOW)).toEqual([]);
  expect(checkMonth(MONTH, [], { seals: [], tampers: [] }, NOW)).toEqual([]);
});

it('names a changed entry, with its id, time and kind', () => {
  const changed = entries.map((e) => (e.id === 'e2' ? { ...e, amountCents: 1 } : e));
  expect(checkMonth(MONTH, changed, sealAll(entries), NOW)).toEqual([
    {
      problem: 'changed',
      month: MONTH,
      entrySk: entries[1]?.SK,
      entryId: 'e2',
      at: T0 + 60_000,
      kind: 'deposit',
      detail: 'changed after it was written: it differs from the entry as written',
    },
  ]);
});

it('names an entry with no seal once the grace has passed, and not before', () => {
  const late = entryAt(NOW - SEAL_GRACE_MS - 1, 'e4');
  expect(problems(checkMonth(MONTH, [...entries, late], sealAll(entries), NOW))).toEqual([['inserted', 'e4']]);
  const fresh = entryAt(NOW - 1000, 'e5');
  expect(checkMonth(MONTH, [...entries, fresh], sealAll(entries), NOW)).toEqual([]);
});

it('names an entry sealed long after the time it claims, or whose time differs from its key', () => {
  const backdated = entryAt(T0 + 30_000, 'e6');
  const partition = sealAll([...entries, backdated]);
  const seal = partition.seals[3] as SealItem;
  const body = { ...seal, writtenAt: NOW };
  partition.seals[3] = { ...body, hash: sealHashOf(body) };
  partition.head = { seq: 4, hash: partition.seals[3].hash };
  expect(problems(checkMonth(MONTH, [...entries, backdated], partition, NOW))).toEqual([['backdated', 'e6']]);
  const skewed = { ...entryAt(T0 + 180_000, 'e7'), at: T0 - 86_400_000 };
  expect(
    problems(
      checkMonth(
        MONTH,
        [...entries, skewed],
        sealAll([...entries, { ...skewed, at: T0 + 180_000 }].slice(0, 3).concat([skewed])),
        NOW,
      ),
    ),
  ).toEqual([['backdated', 'e7']]);
});

it('names a removed entry, and a tamper record the sealer kept', () => {
  expect(problems(checkMonth(MONTH, [entries[0] as Entry, entries[2] as Entry], sealAll(entries), NOW))).toEqual([
    ['removed', 'e2'],
  ]);
  const partition = sealAll(entries);
  partition.tampers.push({
    ...activitySealKeys.tamper(MONTH, entries[0]?.SK as string, '1'),
    entryPk: MONTH,
    entrySk: entries[0]?.SK as string,
    change: 'MODIFY',
    seenAt: NOW,
  });
  expect(problems(checkMonth(MONTH, entries, partition, NOW))).toEqual([['tampered', 'e1']]);
});

it('names a break of the chain: a seal removed, altered, out of turn, or a head left behind', () => {
  const gap = sealAll(entries);
  gap.seals.splice(1, 1);
  expect(problems(checkMonth(MONTH, entries, gap, NOW))).toEqual([
    ['inserted', 'e2'],
    ['chain', 'e3'],
  ]);
  const altered = sealAll(entries);
  altered.seals[1] = { ...(altered.seals[1] as SealItem), writtenAt: 0 };
  expect(problems(checkMonth(MONTH, entries, altered, NOW))[0]).toEqual(['chain', 'e2']);
  const reordered = sealAll([entries[1] as Entry, entries[0] as Entry, entries[2] as Entry]);
  reordered.seals[0] = { ...(reordered.seals[0] as SealItem), prevHash: 'x'.repeat(64) };
  expect(problems(checkMonth(MONTH, entries, reordered, NOW))[0]).toEqual(['chain', 'e2']);
  const behind = sealAll(entries);
  behind.head = { seq: 2, hash: behind.seals[1]?.hash as string };
  expect(checkMonth(MONTH, entries, behind, NOW)).toEqual([
    expect.objectContaining({
      problem: 'chain',
      entryId: 'e3',
      detail: expect.stringContaining('head does not name seal 3'),
    }),
  ]);
  const headless = sealAll(entries);
  delete headless.head;
  expect(problems(checkMonth(MONTH, entries, headless, NOW))).toEqual([['chain', 'e3']]);
});
