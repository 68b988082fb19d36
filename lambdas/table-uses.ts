/**
 * The table actions of the functions that are not routes (routes declare theirs in
 * shared/api.ts). The CDK stack grants exactly these; the local stack refuses anything else,
 * as IAM would. No imports of runtime code: the stack loads this file at synth.
 */
import { type RouteDef, type TableUse, usesAdminPower } from '../shared/api';

/**
 * The admin check's own (lib/http/admin-sessions.ts), on every route where admin power counts: it
 * reads the caller's security record (GetItem), nothing more. A moment the record lacks is
 * recorded by the pre-token-generation trigger (lib/http/admin-moments.ts), so no route that
 * reads holds a write for it.
 */
export const ADMIN_CHECK_TABLE_USE: TableUse = { actions: ['GetItem'] };

/** What a route's function may do on the table: its handler's declared use, and the admin check's where it runs. */
export function routeTableUse(route: Pick<RouteDef, 'table' | 'auth' | 'adminMayRead'>): TableUse {
  if (!usesAdminPower(route)) return route.table;
  const actions = [...new Set([...route.table.actions, ...ADMIN_CHECK_TABLE_USE.actions])];
  return { ...route.table, actions };
}

/**
 * Creates the profile (conditional Put, with one more client on the admin totals: UpdateItem),
 * reads it back when it already exists; after a password reset, records it in the security
 * record with its notice (UpdateItem, PutItem).
 */
export const POST_CONFIRMATION_TABLE_USE: TableUse = { actions: ['GetItem', 'PutItem', 'UpdateItem'] };

/**
 * Lists due portfolios by shard (GSI1), replays each ledger (Query), grows it (conditional
 * Update), and records the run for the admins' summary (conditional Put of its JOBRUN item).
 */
export const WEEKLY_GROWTH_TABLE_USE: TableUse = {
  actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'],
  indexes: ['GSI1'],
};

/**
 * The monthly statements job: lists each shard's live clients (GSI1) and the accounts closed in
 * the period (GSI3), reads each client's statement if written (GetItem) and ledger (Query), writes
 * a statement's DOC# item (conditional PutItem), and records the run and reads a month's runs
 * (conditional PutItem and Query of its JOBRUN items).
 */
export const MONTHLY_STATEMENTS_TABLE_USE: TableUse = {
  actions: ['GetItem', 'Query', 'PutItem'],
  indexes: ['GSI1', 'GSI3'],
};

/**
 * Reads each recipient's profile (GetItem), claims and settles its sent markers (conditional
 * PutItem; GetItem to see why a claim was refused). Admins come from Cognito, not the table.
 * Writes each money move's confirmation once: its DOC# item (conditional PutItem; GetItem when it
 * is there already), reading the profile and, for a payout, the request (GetItem).
 */
export const NOTIFIER_TABLE_USE: TableUse = { actions: ['GetItem', 'PutItem'] };

/**
 * Pre token generation reads the client's profile (its names) at every issue of tokens, and an
 * administrator's security record; a moment the record lacks it records with its notice and its
 * activity entry in one transaction (UpdateItem, conditional PutItem).
 */
export const PRE_TOKEN_GENERATION_TABLE_USE: TableUse = { actions: ['GetItem', 'UpdateItem', 'PutItem'] };

/** Pre sign-up and custom message never touch the table. */
export const NO_TABLE_USE: TableUse = { actions: [] };

/**
 * The balances exporter: reads its export record (GetItem), every client in e-mail order (GSI4,
 * shard by shard) and marks the export ready or failed (conditional UpdateItem).
 */
export const BALANCES_EXPORTER_TABLE_USE: TableUse = { actions: ['GetItem', 'UpdateItem'], indexes: ['GSI4'] };

/**
 * The activity sealer: reads its month's chain head (GetItem) and appends a seal, moving the head
 * in the same transaction (conditional PutItem and UpdateItem); a tamper record is a conditional
 * PutItem. All of it on the seal keys only (infra/aws/activity-seal-items.ts).
 */
export const ACTIVITY_SEALER_TABLE_USE: TableUse = { actions: ['GetItem', 'PutItem', 'UpdateItem'] };
