/**
 * The single DynamoDB table, as both stacks create it (CDK in AWS, DynamoDB Local here), and
 * the key builders every handler uses. Nothing else spells out a key.
 *
 * Items (PK, SK):
 *   CLIENT#<sub>   PROFILE                      client profile and portfolio (B, net, L, version, weekly gain,
 *                                                upcomingEligibleAt: the eligibility dates of its deposits still
 *                                                ahead, kept by every deposit and the weekly job; on every live
 *                                                profile since infra/tools/migrate-upcoming-eligible.ts)
 *                                                on GSI1 (all clients, by shard, sorted by lastUpdate), and on GSI4
 *                                                (by e-mail) and GSI5 (by balance), both in the same GSI1PK shards
 *   CLIENT#<sub>   PROFILE (deleted: true,      a closed account (closed-accounts.ts): read-only, off the client indexes, on
 *                  closedAt, closedBy)          GSI3 as CLIENTS#closed (newest closed first); it and every other item of the
 *                                                client expire (expiresAt) the stage's recordYears after the closing
 *   CLIENT#<sub>   PROFILE (deleted: true)      tombstone without closedAt: no client to anyone, off every index, expires
 *   CLIENT#<sub>   ENTRY#<atIso>#<entryId>      ledger entry (deposit, withdrawal, adjustment); deposits on GSI2
 *   CLIENT#<sub>   REQUEST#<requestKey>         withdrawal request; pending ones on GSI3, and approved ones not yet sent
 *   CLIENT#<sub>   APPLICATION                  a new client's application (applications.ts), when the stage reviews
 *                                                sign-ups: pending (then on GSI3 as APPLICATIONS#pending, oldest first),
 *                                                approved or rejected, by whom and when; its INSERT and MODIFY are e-mailed
 *   CLIENT#<sub>   PAYOUT                       the client's payout account (payout-accounts.ts): the bank account its
 *                                                withdrawals are paid to, when it was set and from when it may be used
 *   CLIENT#<sub>   AGREEMENT#<version>          the client's acceptance of that version of the client agreement
 *                                                (client-agreement.ts): its page, when, the source IP and user agent;
 *                                                written once, its INSERT the client's confirmation e-mail
 *   CLIENT#<sub>   DOC#<docId>                  one of the client's documents (lambdas/lib/documents/document-item.ts): a
 *                                                statement or confirmation PDF in the write-once documents bucket, its
 *                                                kind, date and object key; written once (a correction is a new one),
 *                                                its INSERT the client's "ready" e-mail; docIds start with their date
 *   CLIENT#<sub>   IDEMPOTENCY#<key>            the first answer to a money-moving POST with an Idempotency-Key
 *   CLIENT#<sub>   SECURITY                     the user's security record (security-record.ts): when they became an
 *                                                administrator, when two-factor sign-in went on or off, an authenticator
 *                                                waiting to be confirmed, the last password change
 *   CLIENT#<sub>   NOTICE#<atIso>#<noticeId>    one change of that record the user is e-mailed about
 *                                                (lambdas/lib/data/security-notice.ts): its INSERT is the event; expires
 *   CLIENT#<sub>   PASSKEY#<credentialId>       the name the user gave one of their passkeys (passkey-names.ts), which
 *                                                Cognito keeps; a removed one is marked removedAt and expires a day later
 *   NOTIFIED#<id>  TO#<address>                 the notifier's claim on one e-mail (notifications/sent-marker.ts), expires
 *   JOBRUN#weekly-growth  RUN#<week ISO>#<id>   one weekly run's figures (lambdas/lib/data/job-run-item.ts), written once,
 *                                                its INSERT the admins' summary e-mail; expires
 *   JOBRUN#monthly-statements  RUN#<month>#<id>  one monthly statements run's figures (monthly-statements-run.ts), written
 *                                                once by its last step; what the check on the 2nd reads; expires
 *   EXPORT#balances  EXPORT#<id>                 one balances export (balances-export.ts): running, ready (its S3 key
 *                                                and row count) or failed; expires after a day, as its file does
 *   ACTIVITY#<yyyy-mm>  <atIso>#<id>         one administrative act (activity-log.ts), written in the act's own
 *                                                transaction; never updated or deleted (IAM denies both)
 *   ACTIVITYSEAL#<yyyy-mm>  SEAL#<entry SK>   the seal of one activity entry (activity-seal.ts): its place (seq) in its
 *                                                month's hash chain, the hash of the entry as the stream first showed it,
 *                                                the previous seal's hash and its own; written only by the activity sealer
 *   ACTIVITYSEAL#<yyyy-mm>  HEAD              the chain's last seq and hash, advanced by a conditional update
 *   ACTIVITYSEAL#<yyyy-mm>  TAMPER#<entry SK>#<stream seq>  a change or removal of an entry the sealer saw on the stream
 *   ACTIVITYSEAL#CHECK      LAST              the last run of `npm run admin -- verify-activity`: when, by whom, its result
 *   ACTION#<id>    ACTION                       a money move above the four-eyes threshold (pending-actions.ts):
 *                                                pending, then approved or rejected by another admin; pending ones on GSI3
 *   ADMIN#<sub>    MOVES                        what one administrator applied alone in the last day (admin-day.ts):
 *                                                {at, cents} of each move, pruned and versioned by every move they apply
 *   TOTALS#clients#<nn> BUCKET#<name>            a share of the admin console's totals (client-totals.ts): every write
 *                                                that changes a client's count, balance or weekly gain ADDs its
 *                                                difference to one bucket in the same transaction; 16 partitions,
 *                                                so the weekly job's shards each write their own
 *   INVITE#<id>    INVITE                       an invitation to sign up (invitations.ts), id = the first 32 hex of
 *                                                sha256(lower-cased e-mail): open, used or revoked, valid until
 *                                                validUntil; on GSI3 as INVITES; its INSERT and each re-issue e-mail
 *                                                the invitee; expires (expiresAt) 90 days after validUntil
 *
 * Access patterns:
 *   get a portfolio                     GetItem PK=CLIENT#sub, SK=PROFILE
 *   a client's ledger, in time order    Query PK=CLIENT#sub, SK begins_with ENTRY#
 *   its entries after L (weekly job)    Query PK=CLIENT#sub, SK BETWEEN ENTRY#<L ISO>~ AND ENTRY#~
 *   a client's withdrawal requests      Query PK=CLIENT#sub, SK begins_with REQUEST# (newest first)
 *   everything of a client (closing)    Query PK=CLIENT#sub
 *   closed accounts, newest closed first Query GSI3 PK=CLIENTS#closed, backwards; a search filters on the lower-case e-mail
 *   a page of clients (admin list)      Query GSI4 (e-mail order) or GSI5 (balance order) in each of the
 *                                       CLIENT_SHARDS shards from the page's cursor, in parallel, merged
 *                                       (client-list.ts); a search filters on the lower-case e-mail. Each
 *                                       next withdrawal date from the profile's upcomingEligibleAt
 *   all clients (one-off tools)         Query GSI1 for each shard, page by page
 *   portfolios due for the weekly job   Query GSI1 per shard, GSI1SK < <(now − 1 week) ISO>~ (only due ones are read)
 *   deposits by eligibility date        (withdrawal alerts) Query GSI2 PK=ELIG#<yyyy-mm> (one per month the range touches), GSI2SK between dates
 *   pending withdrawal requests         Query GSI3 PK=REQUESTS#pending (oldest first)
 *   approved requests not yet sent      Query GSI3 PK=REQUESTS#unsent (oldest approval first)
 *   pending applications                Query GSI3 PK=APPLICATIONS#pending (oldest first)
 *   a client's application              GetItem PK=CLIENT#sub, SK=APPLICATION
 *   a client's payout account           GetItem PK=CLIENT#sub, SK=PAYOUT
 *   the names of a user's passkeys      Query PK=CLIENT#sub, SK begins_with PASSKEY#
 *   a client's documents, newest first  Query PK=CLIENT#sub, SK begins_with DOC#, backwards (docIds start with their date)
 *   one document                        GetItem PK=CLIENT#sub, SK=DOC#<docId>
 *   a client's acceptance of a version  GetItem PK=CLIENT#sub, SK=AGREEMENT#<version> (the last one is on the profile)
 *   pending actions                     Query GSI3 PK=ACTIONS#pending (oldest first)
 *   the activity log, newest first      Query PK=ACTIVITY#<month> for each month of the period, newest first,
 *                                       the filters (administrator, client, kind) as a FilterExpression
 *   a month's seals and tamper records  Query PK=ACTIVITYSEAL#<month> (the sealer's head: GetItem; verification reads all)
 *   the last verification               GetItem PK=ACTIVITYSEAL#CHECK, SK=LAST (the activity route answers it)
 *   a user's security record            GetItem PK=CLIENT#sub, SK=SECURITY (every use of admin power)
 *   (no reader)                         weekly runs are read only off the stream, by the notifier
 *   a month's statements runs           Query PK=JOBRUN#monthly-statements, SK begins_with RUN#<yyyy-mm># (the check on the 2nd)
 *   accounts closed since a date        (the monthly statements job) Query GSI3 PK=CLIENTS#closed, GSI3SK >= <date ISO>
 *   a balances export                   GetItem PK=EXPORT#balances, SK=EXPORT#<id>
 *   every client in e-mail order        (the exporter) Query GSI4 in each shard, page by page, merged
 *   the admin console's totals          Query PK=TOTALS#clients#<nn> for each of the 16 partitions (small buckets, summed)
 *   an e-mail's invitation (sign-up)    GetItem PK=INVITE#<hash of the e-mail>, SK=INVITE
 *   invitations, newest sent first      Query GSI3 PK=INVITES, backwards
 * No request path scans.
 */

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** DynamoDB TTL attribute (epoch seconds): idempotency records, tombstones and a closed account's records expire. */
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    // The admin list's two orders, in GSI1's client shards: a page reads a few items per shard at any size.
    { indexName: 'GSI4', partitionKey: 'GSI1PK', sortKey: 'GSI4SK' },
    { indexName: 'GSI5', partitionKey: 'GSI1PK', sortKey: 'GSI5SK' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** Clients are spread over this many GSI1 partitions so lists and the weekly job read in parallel. */
export const CLIENT_SHARDS = 16;

function shardOf(sub: string): number {
  let h = 0;
  for (let i = 0; i < sub.length; i++) h = (h * 31 + sub.charCodeAt(i)) >>> 0;
  return h % CLIENT_SHARDS;
}

/** Digits of a balance in GSI5SK: Number.MAX_SAFE_INTEGER cents has 16. */
const BALANCE_ORDER_DIGITS = 16;

const iso = (ms: number) => new Date(ms).toISOString();

export const keys = {
  clientPk: (sub: string) => `CLIENT#${sub}`,
  profile: (sub: string) => ({ PK: keys.clientPk(sub), SK: 'PROFILE' }),
  /** GSI1: every live client, sorted within its shard by lastUpdate (what the weekly job needs). */
  clientsIndex: (sub: string, lastUpdate: number) => ({
    GSI1PK: keys.clientsShard(shardOf(sub)),
    GSI1SK: `${iso(lastUpdate)}#${sub}`,
  }),
  clientsShard: (shard: number) => `CLIENTS#${String(shard).padStart(2, '0')}`,
  allClientShards: () => Array.from({ length: CLIENT_SHARDS }, (_, i) => keys.clientsShard(i)),
  /** GSI4: a live client's place in the e-mail order (the e-mail is stored lower-case). */
  emailOrder: (sub: string, email: string) => ({ GSI4SK: `${email.toLowerCase()}#${sub}` }),
  /** GSI5: a live client's place in the balance order: whole cents, zero-padded so text order is numeric order. */
  balanceOrder: (sub: string, balanceCents: number) => {
    if (!Number.isSafeInteger(balanceCents) || balanceCents < 0)
      throw new RangeError(`no balance order for ${balanceCents} cents`);
    return { GSI5SK: `${String(balanceCents).padStart(BALANCE_ORDER_DIGITS, '0')}#${sub}` };
  },
  /** GSI1SK upper bound (exclusive) for portfolios last updated at or before `t`. */
  dueBefore: (t: number) => `${iso(t)}~`,

  entryPrefix: 'ENTRY#',
  entry: (sub: string, at: number, entryId: string) => ({ PK: keys.clientPk(sub), SK: `ENTRY#${iso(at)}#${entryId}` }),
  /** SK bounds (BETWEEN) of the entries dated after `t`: `~` sorts after the `#` that follows an entry's date. */
  entriesAfter: (t: number) => ({ ':from': `ENTRY#${iso(t)}~`, ':to': 'ENTRY#~' }),
  /** GSI2: deposits by the date they become eligible, bucketed by month. */
  eligibilityIndex: (sub: string, eligibleAt: number, entryId: string) => ({
    GSI2PK: keys.eligibilityMonth(eligibleAt),
    GSI2SK: `${iso(eligibleAt)}#${sub}#${entryId}`,
  }),
  eligibilityMonth: (t: number) => `ELIG#${iso(t).slice(0, 7)}`,
  /** The GSI2 partitions a range of eligibility dates touches, in order. */
  eligibilityMonthsBetween: (from: number, to: number) => {
    const months: string[] = [];
    const d = new Date(Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1));
    while (d.getTime() <= to) {
      months.push(keys.eligibilityMonth(d.getTime()));
      d.setUTCMonth(d.getUTCMonth() + 1);
    }
    return months;
  },
  eligibilitySortKey: (t: number) => iso(t),

  requestPrefix: 'REQUEST#',
  request: (sub: string, requestKey: string) => ({ PK: keys.clientPk(sub), SK: `REQUEST#${requestKey}` }),
  pendingRequestsPk: 'REQUESTS#pending',
  pendingIndex: (createdAt: number, requestId: string) => ({
    GSI3PK: keys.pendingRequestsPk,
    GSI3SK: `${iso(createdAt)}#${requestId}`,
  }),

  unsentRequestsPk: 'REQUESTS#unsent',
  /** GSI3: an approved request's place among the payouts still to send, by approval time. */
  unsentIndex: (approvedAt: number, requestId: string) => ({
    GSI3PK: keys.unsentRequestsPk,
    GSI3SK: `${iso(approvedAt)}#${requestId}`,
  }),
  payout: (sub: string) => ({ PK: keys.clientPk(sub), SK: 'PAYOUT' }),
  agreementPrefix: 'AGREEMENT#',
  agreement: (sub: string, version: string) => ({ PK: keys.clientPk(sub), SK: `AGREEMENT#${version}` }),

  application: (sub: string) => ({ PK: keys.clientPk(sub), SK: 'APPLICATION' }),
  /** GSI3: a pending application's place in the queue, oldest first; the decision removes it. */
  pendingApplicationsPk: 'APPLICATIONS#pending',
  pendingApplicationIndex: (appliedAt: number, sub: string) => ({
    GSI3PK: keys.pendingApplicationsPk,
    GSI3SK: `${iso(appliedAt)}#${sub}`,
  }),

  /** GSI3: a closed account's place in the closed list, newest closed first when read backwards. */
  closedPk: 'CLIENTS#closed',
  closedIndex: (sub: string, closedAt: number) => ({ GSI3PK: keys.closedPk, GSI3SK: `${iso(closedAt)}#${sub}` }),

  documentPrefix: 'DOC#',
  document: (sub: string, docId: string) => ({ PK: keys.clientPk(sub), SK: `DOC#${docId}` }),

  idempotency: (sub: string, key: string) => ({ PK: keys.clientPk(sub), SK: `IDEMPOTENCY#${key}` }),

  security: (sub: string) => ({ PK: keys.clientPk(sub), SK: 'SECURITY' }),
  /** Apart from the administrator's own client partition: closing that account must not reset their day. */
  adminMoves: (sub: string) => ({ PK: `ADMIN#${sub}`, SK: 'MOVES' }),
  noticePrefix: 'NOTICE#',
  notice: (sub: string, at: number, noticeId: string) => ({
    PK: keys.clientPk(sub),
    SK: `NOTICE#${iso(at)}#${noticeId}`,
  }),
  passkeyPrefix: 'PASSKEY#',
  passkey: (sub: string, credentialId: string) => ({ PK: keys.clientPk(sub), SK: `PASSKEY#${credentialId}` }),
} as const;

export const totalsKeys = {
  partition: (n: number) => `TOTALS#clients#${String(n).padStart(2, '0')}`,
  allPartitions: () => Array.from({ length: CLIENT_SHARDS }, (_, n) => totalsKeys.partition(n)),
  bucket: (partition: number, name: string) => ({ PK: totalsKeys.partition(partition), SK: `BUCKET#${name}` }),
} as const;

export const jobRunKeys = {
  weeklyGrowthPk: 'JOBRUN#weekly-growth',
  runPrefix: 'RUN#',
  /** A run's public id: the week it computed for, then what tells this invocation from a retry. */
  weeklyGrowthRunId: (scheduledFor: number, invocationId: string) => `${iso(scheduledFor)}#${invocationId}`,
  weeklyGrowthRun: (runId: string) => ({ PK: jobRunKeys.weeklyGrowthPk, SK: `${jobRunKeys.runPrefix}${runId}` }),
  monthlyStatementsPk: 'JOBRUN#monthly-statements',
  /** A monthly run's public id: the month it wrote statements for (`2026-10`), then this invocation's id. */
  monthlyStatementsRunId: (month: string, invocationId: string) => `${month}#${invocationId}`,
  monthlyStatementsRun: (runId: string) => ({
    PK: jobRunKeys.monthlyStatementsPk,
    SK: `${jobRunKeys.runPrefix}${runId}`,
  }),
  /** SK prefix of every run for one month. */
  monthlyStatementsRunsOf: (month: string) => `${jobRunKeys.runPrefix}${month}#`,
} as const;

/** A withdrawal request's public id names its client, so an admin's approve or reject finds it with one GetItem. */
export const requestIds = {
  make: (sub: string, requestKey: string) => `${sub}.${requestKey}`,
  parse: (requestId: string): { sub: string; requestKey: string } | null => {
    const dot = requestId.lastIndexOf('.');
    if (dot <= 0 || dot === requestId.length - 1) return null;
    const sub = requestId.slice(0, dot);
    const requestKey = requestId.slice(dot + 1);
    return /^[\w-]+$/.test(sub) && /^[\w-]+$/.test(requestKey) ? { sub, requestKey } : null;
  },
};

/**
 * `a` sorts before `b` as DynamoDB orders key text: by UTF-8 bytes, which is code-point order.
 * JavaScript's `<` compares UTF-16 units, which differs only where a surrogate pair (a character
 * above U+FFFF) meets U+E000–U+FFFF: such text is compared as bytes.
 */
export function keyTextBefore(a: string, b: string): boolean {
  if (SURROGATE.test(a) || SURROGATE.test(b)) return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) < 0;
  return a < b;
}
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The activity log: one partition per month of acts (a month of a firm's administrative acts is
 * a few thousand items at most), each act once, newest last. Never updated or deleted: the API's
 * functions are denied both on these keys (infra/aws/portal-function.ts).
 */
export const activityKeys = {
  prefix: 'ACTIVITY#',
  month: (at: number) => `ACTIVITY#${iso(at).slice(0, 7)}`,
  entry: (at: number, id: string) => ({ PK: activityKeys.month(at), SK: `${iso(at)}#${id}` }),
  /** The month partitions from `to` back to `from`, newest first. */
  monthsNewestFirst: (from: number, to: number): string[] => {
    const months: string[] = [];
    const d = new Date(Date.UTC(new Date(to).getUTCFullYear(), new Date(to).getUTCMonth(), 1));
    const first = Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), 1);
    while (d.getTime() >= first) {
      months.push(activityKeys.month(d.getTime()));
      d.setUTCMonth(d.getUTCMonth() - 1);
    }
    return months;
  },
  sortKeyAt: (at: number) => iso(at),
} as const;

/**
 * The activity log's seals (activity-seal.ts): per month, a hash chain over the entries in the
 * order the table's stream delivered them, written only by the activity sealer (every other
 * function is denied writes on these keys: infra/aws/activity-seal-items.ts). A seal is keyed by
 * its entry, so sealing an entry twice is one conditional Put refused.
 */
export const activitySealKeys = {
  prefix: 'ACTIVITYSEAL#',
  /** The seal partition of an activity month partition (`ACTIVITY#2026-11` → `ACTIVITYSEAL#2026-11`). */
  monthOf: (activityPk: string) => `ACTIVITYSEAL#${activityPk.slice(activityKeys.prefix.length)}`,
  head: (activityPk: string) => ({ PK: activitySealKeys.monthOf(activityPk), SK: 'HEAD' }),
  seal: (activityPk: string, entrySk: string) => ({ PK: activitySealKeys.monthOf(activityPk), SK: `SEAL#${entrySk}` }),
  sealPrefix: 'SEAL#',
  tamper: (activityPk: string, entrySk: string, streamSeq: string) => ({
    PK: activitySealKeys.monthOf(activityPk),
    SK: `TAMPER#${entrySk}#${streamSeq}`,
  }),
  tamperPrefix: 'TAMPER#',
  lastCheck: { PK: 'ACTIVITYSEAL#CHECK', SK: 'LAST' },
} as const;

/** A money move waiting for a second administrator (pending-actions.ts); pending ones on GSI3. */
export const actionKeys = {
  item: (actionId: string) => ({ PK: `ACTION#${actionId}`, SK: 'ACTION' }),
  pendingPk: 'ACTIONS#pending',
  pendingIndex: (proposedAt: number, actionId: string) => ({
    GSI3PK: actionKeys.pendingPk,
    GSI3SK: `${iso(proposedAt)}#${actionId}`,
  }),
} as const;

export const exportKeys = {
  balances: (exportId: string) => ({ PK: 'EXPORT#balances', SK: `EXPORT#${exportId}` }),
} as const;

/**
 * An invitation to sign up (invitations.ts), keyed by its e-mail address: the id is a hash of the
 * lower-cased address, so a sign-up finds its invitation with one GetItem and the link needs none.
 * Every invitation is on GSI3 by when it was last sent, newest first when read backwards.
 */
export const invitationKeys = {
  item: (id: string) => ({ PK: `INVITE#${id}`, SK: 'INVITE' }),
  listPk: 'INVITES',
  listIndex: (sentAt: number, id: string) => ({ GSI3PK: invitationKeys.listPk, GSI3SK: `${iso(sentAt)}#${id}` }),
} as const;
