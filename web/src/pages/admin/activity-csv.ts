/**
 * The activity log as a CSV file, built in the browser from the entries matching the filters.
 * Its cells go through the statements' CSV writer (shared/statement.ts), which defuses anything a
 * spreadsheet would run as a formula: notes, reasons and e-mails are text people typed.
 */
import { activityKindLabels } from '../../../../shared/activity-kinds';
import { dollarsToCents } from '../../../../shared/money';
import { type Cell, toCsv } from '../../../../shared/statement';
import type { ActivityEntryDto } from '../../api/admin-types';
import type { Send } from '../../api/calls';
import { type ActivityFilters, activityQuery } from './activity-query';
import { actionWords } from './money-move';

/** The most entries one export gathers: past it, the file says what it holds and the page says to narrow the filters. */
export const ACTIVITY_EXPORT_CAP = 5_000;
/** Entries per request while exporting (the log's largest page, shared/validation.ts ACTIVITY_PAGE_MAX). */
const EXPORT_PAGE = 200;

export const ACTIVITY_CSV_HEADER = [
  'When',
  'Administrator',
  'Kind',
  'Action',
  'Client e-mail',
  'Client id',
  'Amount',
  'Balance before',
  'Balance after',
  'Reason',
  'Note',
] as const;

const money = (dollars: number | undefined): Cell =>
  dollars === undefined ? '' : { amountCents: dollarsToCents(dollars) };

export function activityCsv(entries: readonly ActivityEntryDto[]): string {
  return toCsv(
    ACTIVITY_CSV_HEADER,
    entries.map((e) => [
      e.at,
      e.actor,
      activityKindLabels[e.kind],
      e.actionKind ? actionWords[e.actionKind].label : '',
      e.clientEmail ?? '',
      e.clientId ?? '',
      money(e.amount),
      money(e.balanceBefore),
      money(e.balanceAfter),
      e.reason ?? '',
      e.note ?? '',
    ]),
  );
}

/** Every entry matching the filters, newest first, up to the cap; `capped` when more were left. */
export async function allActivity(
  send: Send,
  filters: ActivityFilters,
  cap = ACTIVITY_EXPORT_CAP,
): Promise<{ entries: ActivityEntryDto[]; capped: boolean }> {
  const entries: ActivityEntryDto[] = [];
  let cursor: string | undefined;
  do {
    const page = await send({
      route: 'listActivity',
      query: activityQuery(filters, { cursor, limit: Math.min(EXPORT_PAGE, cap - entries.length) }),
    });
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor && entries.length < cap);
  return { entries: entries.slice(0, cap), capped: Boolean(cursor) };
}
