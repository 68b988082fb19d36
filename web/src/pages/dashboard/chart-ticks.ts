/**
 * The balance chart's axes, chosen here rather than by the chart library so that a phone gets a
 * few round ticks, each with a short label: "$56K" on the money axis, "Nov 30" (or "Nov 2026"
 * over a longer span) on the time axis.
 */
import { DAY_MS } from '../../../../shared/growth';
import type { Cents } from '../../../../shared/money';

/** About `count` round values (a step of 1, 2, 2.5 or 5 × 10^k cents) from at or below `min` to at or above `max`. */
export function moneyTicks(min: Cents, max: Cents, count: number): Cents[] {
  const low = max > min ? min : min - Math.max(100, Math.abs(min) * 0.05);
  const high = max > min ? max : max + Math.max(100, Math.abs(max) * 0.05);
  const raw = (high - low) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const ticks: Cents[] = [];
  for (let v = Math.floor(low / step) * step; ticks.length < count + 3; v += step) {
    ticks.push(Math.round(v));
    if (v >= high) break;
  }
  return ticks;
}

const compactUsd = [0, 1, 2].map(
  (digits) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: digits,
    }),
);
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const SCALES: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** Whether a short label ("$52.5K") says exactly `dollars`, not a rounding of it. */
function says(label: string, dollars: number): boolean {
  const match = /^\$([\d.]+)([KMBT]?)$/.exec(label);
  return match !== null && Math.abs(Number(match[1]) * (SCALES[match[2] ?? ''] ?? 1) - dollars) < 0.005;
}

/** Labels for money ticks: short, with as few decimals as say each exactly ("$55K", "$52.5K"), else whole dollars. */
export function moneyLabels(ticks: readonly Cents[]): string[] {
  for (const format of compactUsd) {
    const labels = ticks.map((c) => format.format(c / 100));
    if (labels.every((label, i) => says(label, (ticks[i] as number) / 100))) return labels;
  }
  return ticks.map((c) => wholeUsd.format(c / 100));
}

/** `count` instants spread over [from, to], kept off the very edges so their labels are not cut. */
export function timeTicks(from: number, to: number, count: number): number[] {
  if (to <= from || count < 2) return [from];
  const inset = (to - from) * 0.08;
  return Array.from({ length: count }, (_, i) => from + inset + ((to - from - 2 * inset) * i) / (count - 1));
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A time tick's label: the day within a year's span, the month beyond it. */
export function timeLabel(t: number, spanMs: number): string {
  return (spanMs > 300 * DAY_MS ? MONTH_LABEL : DAY_LABEL).format(t);
}
