/**
 * The API contract (docs/architecture.md, "The route table"): the one route table that the CDK
 * stack, the local gateway and the web are generated from, and the shapes of every answer.
 * Amounts in the API are dollars (JSON numbers, at most 2 decimals); dates are ISO 8601 strings.
 */

import type * as z from 'zod/mini';
import type { AnswerName, answerSchemas } from './answers';
import type { BodyName, bodySchemas, QueryName, querySchemas } from './validation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * client: any signed-in user; a `{userId}`/`{uid}` path parameter or body `userId` must be the
 * caller's own (admins may read any). admin: members of the `admins` group only.
 */
export type AuthLevel = 'client' | 'admin';

/** The DynamoDB actions this code issues; anything else (Scan, DeleteItem...) is never granted. */
export type TableAction = 'GetItem' | 'Query' | 'PutItem' | 'UpdateItem' | 'BatchWriteItem';
export const TABLE_WRITE_ACTIONS: readonly TableAction[] = ['PutItem', 'UpdateItem', 'BatchWriteItem'];

export interface TableUse {
  /** Allowed on the table itself. */
  actions: readonly TableAction[];
  /** Secondary indexes the code queries (Query is allowed on these only). */
  indexes?: readonly ('GSI1' | 'GSI2' | 'GSI3' | 'GSI4' | 'GSI5')[];
}

/** Whether a route's handler writes the table at all. */
export const writesTable = (use: TableUse): boolean => use.actions.some((a) => TABLE_WRITE_ACTIONS.includes(a));

export interface RouteDef {
  /** Handler name: the file `lambdas/http/<name>.ts` and the Lambda's logical id. */
  name: string;
  method: HttpMethod;
  /** API Gateway path syntax: `{param}`. */
  path: string;
  auth: AuthLevel;
  /**
   * The request body's schema (shared/validation.ts), by name: the wrapper parses every body with
   * it before the handler runs. Named rather than held, so the web, which reads this table for
   * paths, never bundles zod.
   */
  body?: BodyName;
  /** The query string's schema (shared/validation.ts), by name; a route without one reads no query. */
  query?: QueryName;
  /** What the route answers on success (shared/answers.ts), by name: `csv` is a file download. */
  answer: AnswerName;
  /**
   * The DynamoDB actions the handler's code issues on the table, and the indexes it queries: its
   * function is granted exactly these (a transaction is authorized by its items' Put/Update).
   */
  table: TableUse;
  /** Money-moving POSTs honour an `Idempotency-Key` header. */
  idempotent?: boolean;
  /**
   * A client route an administrator may also call for any client (reading it). The caller's
   * admin claim is then confirmed with Cognito, as on admin routes; elsewhere it is ignored.
   */
  adminMayRead?: boolean;
  /** What a path `{id}` names, for the 404 of an id that cannot exist; a client unless said. */
  idNames?: 'withdrawal request' | 'balances export' | 'pending action' | 'invitation' | 'document' | 'passkey';
  /**
   * The balances exports' part in AWS: `start` invokes the exporter function (asynchronously),
   * `link` signs download links to the exports bucket (so its function may read the bucket).
   */
  exports?: 'start' | 'link';
  /**
   * The clients' documents bucket's part in AWS: `link` signs download links to it (its function
   * may read the bucket), `write` writes a document once (and reads what is there).
   */
  documents?: 'link' | 'write';
  /**
   * Client routes: what names the client the request is about, which must be the caller (admins
   * may read any where `adminMayRead`). A path parameter, or the body's `userId`. The handler
   * wrapper checks it; handlers never do. `self`: the route names nobody and acts on the account
   * whose access token calls it (`/api/me/...`), so no one can name another.
   */
  owner?: (typeof OWNER_PATH_PARAMS)[number] | 'body.userId' | 'self';
  /** Cognito user-pool actions the handler needs (its function is granted exactly these). */
  cognitoActions?: readonly (
    | 'AdminGetUser'
    | 'AdminListGroupsForUser'
    | 'AdminDisableUser'
    | 'AdminUserGlobalSignOut'
    | 'AdminUpdateUserAttributes'
    | 'ListUsersInGroup'
    | 'ListUsers'
  )[];
  /**
   * Cognito operations the handler calls with the caller's own access token. IAM grants nothing
   * for them (Cognito authorizes them by the token); the user pool's firewall refuses the ones
   * that change a password or the second factor unless they come from the API's functions
   * (infra/aws/user-pool-firewall.ts), so a browser reaches them only through these routes.
   */
  cognitoUserCalls?: readonly CognitoUserCall[];
}

/**
 * The Cognito operations the API makes on a caller's behalf with no IAM grant (RouteDef.cognitoUserCalls):
 * with the caller's access token, or, to prove the password, the sign-in's public calls.
 */
export type CognitoUserCall =
  | 'GetUser'
  | 'AssociateSoftwareToken'
  | 'VerifySoftwareToken'
  | 'SetUserMFAPreference'
  | 'ChangePassword'
  | 'InitiateAuth'
  | 'RespondToAuthChallenge'
  | 'RevokeToken'
  | 'StartWebAuthnRegistration'
  | 'CompleteWebAuthnRegistration'
  | 'ListWebAuthnCredentials'
  | 'DeleteWebAuthnCredential';

/** Routes where an admin claim counts: admin routes, and client routes admins may read. Admin power is confirmed on these only. */
export const usesAdminPower = (route: Pick<RouteDef, 'auth' | 'adminMayRead'>): boolean =>
  route.auth === 'admin' || route.adminMayRead === true;

export const routes = [
  {
    name: 'getPortfolio',
    method: 'GET',
    path: '/api/portfolios/{userId}',
    answer: 'portfolio',
    auth: 'client',
    owner: 'userId',
    table: { actions: ['GetItem'] },
    adminMayRead: true,
  },
  {
    name: 'createPortfolio',
    method: 'POST',
    path: '/api/portfolios/create',
    body: 'createPortfolio',
    answer: 'portfolio',
    auth: 'client',
    owner: 'body.userId',
    table: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
    cognitoActions: ['AdminGetUser', 'AdminListGroupsForUser'],
  },
  {
    name: 'listTransactions',
    method: 'GET',
    path: '/api/portfolios/{uid}/transactions',
    answer: 'transactions',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'Query'] },
    adminMayRead: true,
  },
  {
    name: 'getEligibility',
    method: 'GET',
    path: '/api/withdrawals/{uid}/eligible',
    answer: 'eligibility',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'Query'] },
    adminMayRead: true,
  },
  {
    name: 'requestWithdrawal',
    method: 'POST',
    path: '/api/withdrawals/request',
    body: 'withdrawalRequest',
    answer: 'withdrawalRequested',
    auth: 'client',
    owner: 'body.userId',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] },
    idempotent: true,
  },
  // A page of clients: ?limit&cursor&sort&search, answered from the client shards' ordered indexes.
  {
    name: 'listClients',
    method: 'GET',
    path: '/api/admin/clients',
    query: 'clientList',
    answer: 'clientsPage',
    auth: 'admin',
    table: { actions: [], indexes: ['GSI4', 'GSI5', 'GSI3'] },
  },
  // The totals cards from an aggregate, at any number of clients.
  {
    name: 'getClientTotals',
    method: 'GET',
    path: '/api/admin/client-totals',
    answer: 'clientTotals',
    auth: 'admin',
    table: { actions: ['Query'] },
  },
  {
    name: 'addDeposit',
    method: 'POST',
    path: '/api/admin/clients/{id}/deposit',
    body: 'deposit',
    answer: 'moneyMoved',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] },
    cognitoActions: ['ListUsersInGroup'],
    idempotent: true,
  },
  {
    name: 'processWithdrawal',
    method: 'POST',
    path: '/api/admin/clients/{id}/withdrawal',
    body: 'adminWithdrawal',
    answer: 'moneyMoved',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] },
    cognitoActions: ['ListUsersInGroup'],
    idempotent: true,
  },
  {
    name: 'updateBalance',
    method: 'PUT',
    path: '/api/admin/clients/{id}/balance',
    body: 'balance',
    answer: 'balanceSet',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] },
    cognitoActions: ['ListUsersInGroup'],
  },
  // The console's page for one client, a closed one's too: everything about it in one read.
  {
    name: 'getClient',
    method: 'GET',
    path: '/api/admin/clients/{id}',
    answer: 'clientPage',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query'] },
  },
  {
    name: 'listClientTransactions',
    method: 'GET',
    path: '/api/admin/clients/{id}/transactions',
    answer: 'transactions',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query'] },
  },
  // Closes the account (lambdas/lib/data/closed-accounts.ts): nothing is removed; the login ends.
  {
    name: 'deleteClient',
    method: 'DELETE',
    path: '/api/admin/clients/{id}',
    answer: 'done',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'], indexes: ['GSI3'] },
    cognitoActions: ['AdminUserGlobalSignOut', 'AdminDisableUser'],
  },
  // A new client's application (a stage's clientSignUp 'review'): the queue, and the decision on it.
  // An application is named by its client's id; a rejection closes the account as deleteClient does.
  {
    name: 'listApplications',
    method: 'GET',
    path: '/api/admin/applications',
    answer: 'applications',
    auth: 'admin',
    table: { actions: [], indexes: ['GSI3'] },
  },
  {
    name: 'approveApplication',
    method: 'POST',
    path: '/api/admin/applications/{id}/approve',
    answer: 'applicationDecided',
    auth: 'admin',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
  },
  {
    name: 'rejectApplication',
    method: 'POST',
    path: '/api/admin/applications/{id}/reject',
    body: 'reject',
    answer: 'applicationDecided',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'], indexes: ['GSI3'] },
    cognitoActions: ['AdminUserGlobalSignOut', 'AdminDisableUser'],
  },
  {
    name: 'listWithdrawalAlerts',
    method: 'GET',
    path: '/api/admin/withdrawal-alerts',
    answer: 'alerts',
    auth: 'admin',
    table: { actions: ['GetItem'], indexes: ['GSI2'] },
  },
  // The life of a client's withdrawal request (docs/product.md, "Withdrawals").
  {
    name: 'listMyWithdrawalRequests',
    method: 'GET',
    path: '/api/portfolios/{uid}/withdrawal-requests',
    answer: 'withdrawalRequests',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'Query'] },
    adminMayRead: true,
  },
  // The client withdraws its own pending request; of a cancel and an admin's decision at once, exactly one wins.
  {
    name: 'cancelWithdrawalRequest',
    method: 'POST',
    path: '/api/portfolios/{uid}/withdrawal-requests/{id}/cancel',
    answer: 'requestCancelled',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    idNames: 'withdrawal request',
  },
  // The bank account a client's withdrawals are paid to (shared/payout-account.ts): shown masked;
  // set by the client alone, with a sign-in of the last minutes and the password (and a code when
  // two-factor sign-in is on), then usable after a cooling-off period.
  {
    name: 'getPayoutAccount',
    method: 'GET',
    path: '/api/portfolios/{uid}/payout-account',
    answer: 'payoutAccount',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem'] },
    adminMayRead: true,
  },
  {
    name: 'setPayoutAccount',
    method: 'PUT',
    path: '/api/portfolios/{uid}/payout-account',
    body: 'payoutAccount',
    answer: 'payoutAccount',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
    cognitoUserCalls: ['GetUser', 'InitiateAuth', 'RespondToAuthChallenge', 'RevokeToken'],
  },
  // The client's acceptance of the firm's client agreement (shared/client-agreement.ts): by the
  // client alone, of the current version only; recorded once, with where it came from.
  {
    name: 'acceptAgreement',
    method: 'PUT',
    path: '/api/portfolios/{uid}/agreement',
    body: 'agreement',
    answer: 'agreementAccepted',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'PutItem', 'UpdateItem'] },
  },
  {
    name: 'listPendingWithdrawalRequests',
    method: 'GET',
    path: '/api/admin/withdrawal-requests',
    query: 'requestStatus',
    answer: 'withdrawalRequests',
    auth: 'admin',
    table: { actions: [], indexes: ['GSI3'] },
  },
  {
    name: 'approveWithdrawalRequest',
    method: 'POST',
    path: '/api/admin/withdrawal-requests/{id}/approve',
    answer: 'requestApproved',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] },
    cognitoActions: ['ListUsersInGroup'],
    idNames: 'withdrawal request',
  },
  {
    name: 'rejectWithdrawalRequest',
    method: 'POST',
    path: '/api/admin/withdrawal-requests/{id}/reject',
    body: 'reject',
    answer: 'requestRejected',
    auth: 'admin',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    idNames: 'withdrawal request',
  },
  // An approved request paid out: its date and the bank's reference, once; and the payouts still to make, for the bank.
  {
    name: 'markRequestSent',
    method: 'POST',
    path: '/api/admin/withdrawal-requests/{id}/sent',
    body: 'requestSent',
    answer: 'requestSent',
    auth: 'admin',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    idNames: 'withdrawal request',
  },
  // A POST, though it answers a file: taking the whole account numbers is an act, logged.
  {
    name: 'exportUnsentPayouts',
    method: 'POST',
    path: '/api/admin/payouts/unsent/export',
    answer: 'csv',
    auth: 'admin',
    table: { actions: ['PutItem'], indexes: ['GSI3'] },
  },
  // Balance history and statements (CSV).
  {
    name: 'getHistory',
    method: 'GET',
    path: '/api/portfolios/{uid}/history',
    answer: 'history',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'Query'] },
    adminMayRead: true,
  },
  {
    name: 'getStatement',
    method: 'GET',
    path: '/api/portfolios/{uid}/statement',
    query: 'statementPeriod',
    answer: 'csv',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'Query'] },
    adminMayRead: true,
  },
  {
    name: 'getClientHistory',
    method: 'GET',
    path: '/api/admin/clients/{id}/history',
    answer: 'history',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query'] },
  },
  {
    name: 'getClientStatement',
    method: 'GET',
    path: '/api/admin/clients/{id}/statement',
    query: 'statementPeriod',
    answer: 'csv',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query'] },
  },
  // The account page: a client's own names, kept the same in Cognito (the ID token) and the
  // portfolio (what admins see). Not through Cognito's UpdateUserAttributes: the portfolio would go stale.
  {
    name: 'updateMyNames',
    method: 'PUT',
    path: '/api/portfolios/{userId}/names',
    body: 'names',
    answer: 'names',
    auth: 'client',
    owner: 'userId',
    table: { actions: ['GetItem', 'UpdateItem'] },
    cognitoActions: ['AdminUpdateUserAttributes'],
  },
  // The account page's e-mail switches: the notifier reads them off the profile.
  {
    name: 'getMyEmailPreferences',
    method: 'GET',
    path: '/api/portfolios/{userId}/email-preferences',
    answer: 'emailPreferences',
    auth: 'client',
    owner: 'userId',
    table: { actions: ['GetItem'] },
  },
  {
    name: 'updateMyEmailPreferences',
    method: 'PUT',
    path: '/api/portfolios/{userId}/email-preferences',
    body: 'emailPreferences',
    answer: 'emailPreferences',
    auth: 'client',
    owner: 'userId',
    table: { actions: ['UpdateItem'] },
  },
  // The whole book as CSV: an export the exporter function writes to S3, then a short-lived link to it.
  {
    name: 'startBalancesExport',
    method: 'POST',
    path: '/api/admin/statements/balances/exports',
    answer: 'balancesExport',
    auth: 'admin',
    table: { actions: ['PutItem'] },
    exports: 'start',
  },
  {
    name: 'getBalancesExport',
    method: 'GET',
    path: '/api/admin/statements/balances/exports/{id}',
    answer: 'balancesExport',
    auth: 'admin',
    table: { actions: ['GetItem'] },
    exports: 'link',
    idNames: 'balances export',
  },
  // The caller's own sign-in (lambdas/lib/cognito/account-security.ts): the second factor's life and the
  // password, behind the API so each change is recorded, ends the other sessions and is e-mailed.
  // Setting up and turning off need a sign-in of the last minutes and the password (turning off, a code too), proven by a sign-in the function makes.
  {
    name: 'setUpTwoFactor',
    method: 'POST',
    path: '/api/me/two-factor/setup',
    body: 'twoFactorSetup',
    answer: 'twoFactorSetup',
    auth: 'client',
    owner: 'self',
    table: { actions: ['UpdateItem'] },
    cognitoUserCalls: ['GetUser', 'InitiateAuth', 'RespondToAuthChallenge', 'RevokeToken', 'AssociateSoftwareToken'],
  },
  {
    name: 'verifyTwoFactor',
    method: 'POST',
    path: '/api/me/two-factor/verify',
    body: 'twoFactorCode',
    answer: 'signedOut',
    auth: 'client',
    owner: 'self',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    cognitoActions: ['AdminUserGlobalSignOut'],
    cognitoUserCalls: ['VerifySoftwareToken', 'SetUserMFAPreference'],
  },
  {
    name: 'disableTwoFactor',
    method: 'POST',
    path: '/api/me/two-factor/disable',
    body: 'twoFactorDisable',
    answer: 'done',
    auth: 'client',
    owner: 'self',
    table: { actions: ['UpdateItem', 'PutItem'] },
    cognitoUserCalls: ['GetUser', 'InitiateAuth', 'RespondToAuthChallenge', 'RevokeToken', 'SetUserMFAPreference'],
  },
  // Four eyes (shared/four-eyes.ts): a move above the stage's threshold waits for a second administrator.
  {
    name: 'listPendingActions',
    method: 'GET',
    path: '/api/admin/pending-actions',
    answer: 'pendingActions',
    auth: 'admin',
    table: { actions: [], indexes: ['GSI3'] },
  },
  {
    name: 'approvePendingAction',
    method: 'POST',
    path: '/api/admin/pending-actions/{id}/approve',
    answer: 'actionApproved',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] },
    idNames: 'pending action',
  },
  {
    name: 'rejectPendingAction',
    method: 'POST',
    path: '/api/admin/pending-actions/{id}/reject',
    body: 'reject',
    answer: 'actionRejected',
    auth: 'admin',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    idNames: 'pending action',
  },
  // The activity log (lambdas/lib/data/activity-log.ts): every administrative act, newest first, filtered.
  {
    name: 'listActivity',
    method: 'GET',
    path: '/api/admin/activity',
    query: 'activity',
    answer: 'activityPage',
    auth: 'admin',
    table: { actions: ['Query', 'GetItem'] },
  },
  {
    name: 'changeMyPassword',
    method: 'POST',
    path: '/api/me/password',
    body: 'passwordChange',
    answer: 'signedOut',
    auth: 'client',
    owner: 'self',
    table: { actions: ['UpdateItem', 'PutItem'] },
    cognitoActions: ['AdminUserGlobalSignOut'],
    cognitoUserCalls: ['ChangePassword'],
  },
  // Passkeys (lambdas/lib/cognito/passkeys.ts): Cognito keeps them, behind the API so each change
  // is recorded, ends every session and is e-mailed. Adding and removing need a sign-in of the last minutes.
  {
    name: 'listPasskeys',
    method: 'GET',
    path: '/api/me/passkeys',
    answer: 'passkeys',
    auth: 'client',
    owner: 'self',
    table: { actions: ['Query'] },
    cognitoUserCalls: ['ListWebAuthnCredentials'],
  },
  {
    name: 'startPasskeyRegistration',
    method: 'POST',
    path: '/api/me/passkeys/options',
    answer: 'passkeyOptions',
    auth: 'client',
    owner: 'self',
    table: { actions: ['GetItem', 'UpdateItem'] },
    cognitoUserCalls: ['StartWebAuthnRegistration'],
  },
  {
    name: 'addPasskey',
    method: 'POST',
    path: '/api/me/passkeys',
    body: 'passkeyAdd',
    answer: 'signedOut',
    auth: 'client',
    owner: 'self',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    cognitoActions: ['AdminUserGlobalSignOut'],
    cognitoUserCalls: ['ListWebAuthnCredentials', 'CompleteWebAuthnRegistration'],
  },
  {
    name: 'deletePasskey',
    method: 'DELETE',
    path: '/api/me/passkeys/{credentialId}',
    answer: 'signedOut',
    auth: 'client',
    owner: 'self',
    table: { actions: ['UpdateItem', 'PutItem'] },
    cognitoActions: ['AdminUserGlobalSignOut'],
    cognitoUserCalls: ['DeleteWebAuthnCredential'],
    idNames: 'passkey',
  },
  // Invitations to sign up (lambdas/lib/data/invitations.ts): an invited client's sign-up opens its account at once.
  {
    name: 'createInvitation',
    method: 'POST',
    path: '/api/admin/invitations',
    body: 'invitation',
    answer: 'invitation',
    auth: 'admin',
    table: { actions: ['GetItem', 'PutItem'] },
    cognitoActions: ['ListUsers'],
  },
  {
    name: 'listInvitations',
    method: 'GET',
    path: '/api/admin/invitations',
    answer: 'invitations',
    auth: 'admin',
    table: { actions: [], indexes: ['GSI3'] },
  },
  {
    name: 'revokeInvitation',
    method: 'POST',
    path: '/api/admin/invitations/{id}/revoke',
    answer: 'invitation',
    auth: 'admin',
    table: { actions: ['GetItem', 'UpdateItem', 'PutItem'] },
    idNames: 'invitation',
  },
  // Clients' documents (lambdas/lib/documents/): statements and confirmations, write-once PDFs,
  // listed newest first and downloaded through a short-lived link; a statement regenerated by an
  // administrator is a new document marked a correction, the earlier one kept.
  {
    name: 'listDocuments',
    method: 'GET',
    path: '/api/portfolios/{uid}/documents',
    query: 'documentList',
    answer: 'documentsPage',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem', 'Query'] },
    adminMayRead: true,
  },
  {
    name: 'getDocument',
    method: 'GET',
    path: '/api/portfolios/{uid}/documents/{id}',
    answer: 'documentLink',
    auth: 'client',
    owner: 'uid',
    table: { actions: ['GetItem'] },
    adminMayRead: true,
    idNames: 'document',
    documents: 'link',
  },
  {
    name: 'regenerateStatement',
    method: 'POST',
    path: '/api/admin/clients/{id}/statements',
    body: 'regenerateStatement',
    answer: 'statementRegenerated',
    auth: 'admin',
    table: { actions: ['GetItem', 'Query', 'PutItem'] },
    documents: 'write',
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof routes)[number]['name'];

/**
 * Every path parameter is an id: a Cognito `sub` (a UUID), or a withdrawal request's
 * `<sub>.<key>`. Anything else cannot exist and is a 404 before any read.
 */
export const PATH_ID = /^[A-Za-z0-9_.-]{1,128}$/;

/** Path parameters that name the client a client route belongs to. */
export const OWNER_PATH_PARAMS = ['userId', 'uid'] as const;

/** The route table's entry for a name, with its literal types (path, owner...). */
export type RouteOf<N extends RouteName> = Extract<(typeof routes)[number], { name: N }>;

/** The `{param}`s of a path, as an object type: `/a/{id}/b/{uid}` gives `{ id: string; uid: string }`. */
export type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? { [key in K]: string } & PathParams<Rest>
  : unknown;

/** The checked body a route's handler receives (undefined when the route takes none). */
export type BodyOf<N extends RouteName> =
  RouteOf<N> extends { body: infer K extends BodyName } ? z.output<(typeof bodySchemas)[K]> : undefined;
/** What a caller sends as the body (the schema's input). */
export type BodyInputOf<N extends RouteName> =
  RouteOf<N> extends { body: infer K extends BodyName } ? z.input<(typeof bodySchemas)[K]> : undefined;
/** The checked query a route's handler receives (nothing when the route reads none). */
export type QueryOf<N extends RouteName> =
  RouteOf<N> extends { query: infer K extends QueryName } ? z.output<(typeof querySchemas)[K]> : Record<string, never>;
/** What a caller may put in the query string. */
export type QueryInputOf<N extends RouteName> =
  RouteOf<N> extends { query: infer K extends QueryName } ? z.input<(typeof querySchemas)[K]> : undefined;
/** What a route answers on success. */
export type AnswerOf<N extends RouteName> = z.output<(typeof answerSchemas)[RouteOf<N>['answer']]>;

export function routeByName(name: RouteName): RouteDef {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name}`);
  return route;
}

/** Fills a route's `{param}`s (URI-encoded) to give a concrete path. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * A call's concrete path and query string, as the web's client and the tests send it. Query
 * values left undefined are not sent.
 */
export function routeUrl(name: RouteName, params: unknown, query: unknown): string {
  const path = buildPath(routeByName(name).path, (params ?? {}) as Record<string, string>);
  const entries = Object.entries((query ?? {}) as Record<string, string | undefined>).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/** Matches a concrete path against a route path; returns the decoded parameters or null. */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = routePath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, key: string) => {
    names.push(key);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(actual);
  if (!match) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
  } catch {
    return null; // malformed percent-encoding: no route
  }
  return params;
}

// ---- Answers (their schemas are in ./answers; only the types come here, so the web bundles no zod)

export interface ErrorBody {
  error: string;
}

export type {
  AlertDepositDto,
  AlertGroupDto,
  ClientDto,
  ClientPageDto,
  ClientStatus,
  EligibilityDto,
  EligibleDepositDto,
  HistoryAnswer,
  HistoryPointDto,
  LedgerLineDto,
  MoneyMovedAnswer,
  PortfolioAnswer,
  PortfolioDto,
  TransactionDto,
  TransactionType,
  MaskedPayoutAccountDto,
  WithdrawalRequestDto,
  WithdrawalRequestStatus,
  InvitationDto,
  ApplicationDto,
  DocumentDto,
} from './answers';
