/** How documents and e-mails name a statement's period: "October 2026", "Q4 2026", "2026" (UTC). */
import { MONTHS } from '../../../shared/utc-format';
import type { PeriodKind } from './document-item';

/** The period starting at `from` (epoch ms or ISO) in words. */
export function periodName(kind: PeriodKind, from: number | string): string {
  const d = new Date(from);
  const year = d.getUTCFullYear();
  switch (kind) {
    case 'month':
      return `${MONTHS[d.getUTCMonth()]} ${year}`;
    case 'quarter':
      return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${year}`;
    case 'year':
      return String(year);
  }
}

/** "October 2026 statement", "Q4 2026 statement", "2026 annual statement". */
export function statementTitleOf(kind: PeriodKind, from: number | string): string {
  return kind === 'year' ? `${periodName(kind, from)} annual statement` : `${periodName(kind, from)} statement`;
}

/** What the e-mail's subject calls it: "October" (the month alone), "Q4 2026", "2026 annual". */
export function statementShortName(kind: PeriodKind, from: number | string): string {
  if (kind === 'month') return MONTHS[new Date(from).getUTCMonth()] as string;
  return kind === 'year' ? `${periodName(kind, from)} annual` : periodName(kind, from);
}
