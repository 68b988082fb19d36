/**
 * The investment gain over a chart range, and where the balance's change over it came from.
 *
 * The gain is the weekly growth credited in the range (the history's `growth` points), never a
 * deposit or a withdrawal. Its return is time-weighted: the growth factors of the range's
 * weekly credits chained, each the credit over the money that earned it. Money earns by full
 * weeks held (shared/growth.ts), so what a credit grew is the balance right after the credit
 * before it: a deposit or withdrawal made since then is less than a week old and has earned or
 * cost nothing yet. Measured so, money moved in or out changes no factor: two clients whose
 * money grew alike see the same percent, however much either deposited or took out mid-week.
 * The history's first credit has none before it; it is measured on the balance just before it.
 *
 * The breakdown splits the balance's change over the range by kind: each point's change of the
 * balance (the balance after it less the one before) is counted under its kind, so the four add
 * up exactly to the end balance less the start balance. Each equals the points' amounts (a
 * growth point's amount is its change; an entry's is too, but where a withdrawal met the floor of
 * a zero balance, the change is what it took).
 */
import type { HistoryPointDto } from '../../../../shared/api';
import type { Cents } from '../../../../shared/money';

/** The fields of a history point the arithmetic needs, in cents. */
export interface GainPoint {
  t: number;
  kind: HistoryPointDto['kind'];
  balanceCents: Cents;
}

export interface RangeGain {
  /** The balance carried into the range (0 when the history starts inside it) and the last point's. */
  startCents: Cents;
  endCents: Cents;
  depositsCents: Cents;
  withdrawalsCents: Cents;
  growthCents: Cents;
  adjustmentsCents: Cents;
  /** The time-weighted return of the range, in percent (0 when nothing was credited). */
  returnPercent: number;
}

/** The balance right after the last credit before `points[from]`, or null when none came before. */
function earningBase(points: readonly GainPoint[], from: number): Cents | null {
  for (let i = from - 1; i >= 0; i--) {
    const point = points[i] as GainPoint;
    if (point.kind === 'growth') return point.balanceCents;
  }
  return null;
}

/** The gain and the breakdown of `points` (oldest first) from `start` (null: the whole history). */
export function rangeGain(points: readonly GainPoint[], start: number | null): RangeGain {
  const firstIn = start === null ? 0 : points.findIndex((p) => p.t >= start);
  const from = firstIn === -1 ? points.length : firstIn;
  const startCents = from === 0 ? 0 : (points[from - 1] as GainPoint).balanceCents;
  const change: Record<GainPoint['kind'], Cents> = { deposit: 0, withdrawal: 0, growth: 0, adjustment: 0 };
  let factor = 1;
  let before = startCents;
  let earning = earningBase(points, from);
  for (const point of points.slice(from)) {
    change[point.kind] += point.balanceCents - before;
    if (point.kind === 'growth') {
      const base = earning ?? before;
      // A credit on no money held is no return (and no division by it).
      if (base > 0) factor *= 1 + (point.balanceCents - before) / base;
      earning = point.balanceCents;
    }
    before = point.balanceCents;
  }
  return {
    startCents,
    endCents: before,
    depositsCents: change.deposit,
    withdrawalsCents: change.withdrawal,
    growthCents: change.growth,
    adjustmentsCents: change.adjustment,
    returnPercent: (factor - 1) * 100,
  };
}
