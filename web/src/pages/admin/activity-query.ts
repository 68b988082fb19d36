/**
 * The activity page's filters: kept in the page's address (so a client row's "Activity" link and
 * the browser's Back both work) and sent as the log's query, only the filters given.
 */
import { type ActivityKindName, activityKinds } from '../../../../shared/activity-kinds';
import type { ActivityQuery } from '../../api/admin-types';

export interface ActivityFilters {
  /** An administrator's e-mail. */
  actor: string;
  /** A client's id: the one client a link from the client list or the alerts names. */
  client: string;
  /** A part of a client's name or e-mail, as typed: the server matches it over the whole log. */
  clientSearch: string;
  kind: ActivityKindName | '';
  /** Days, YYYY-MM-DD (a date input's value). */
  from: string;
  to: string;
}

const FIELDS = ['actor', 'client', 'clientSearch', 'kind', 'from', 'to'] as const;

const isKind = (text: string): text is ActivityKindName => (activityKinds as readonly string[]).includes(text);

export function filtersFrom(params: URLSearchParams): ActivityFilters {
  const text = (name: (typeof FIELDS)[number]) => params.get(name)?.trim() ?? '';
  const kind = text('kind');
  return {
    actor: text('actor'),
    client: text('client'),
    clientSearch: text('clientSearch'),
    kind: isKind(kind) ? kind : '',
    from: text('from'),
    to: text('to'),
  };
}

/** The filters given, as the page's address and the log's query both take them. */
export function givenFilters(filters: ActivityFilters): Partial<Record<(typeof FIELDS)[number], string>> {
  return Object.fromEntries(
    FIELDS.map((name) => [name, filters[name].trim()] as const).filter(([, value]) => value !== ''),
  );
}

/** The log's query for a page: the filters, and where the page starts. */
export function activityQuery(filters: ActivityFilters, page: { cursor?: string; limit?: number } = {}): ActivityQuery {
  const { kind: _named, ...text } = givenFilters(filters);
  return {
    ...text,
    ...(filters.kind === '' ? {} : { kind: filters.kind }),
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...(page.limit === undefined ? {} : { limit: String(page.limit) }),
  };
}
