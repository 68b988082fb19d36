/**
 * What a browser or an operator would do against a test stack: Cognito calls, API calls, the mailbox.
 *
 * API calls name a route of the contract (shared/api.ts): `call` takes its typed input, takes the
 * method and path from the route table, and checks every success answer against the route's
 * declared answer (shared/answers.ts), so a handler that answers anything else fails the test.
 * `api` stays for what the typed input refuses on purpose (malformed bodies, wrong content
 * types, paths that are no route), with `pathOf` giving a real route's path.
 */
import { sendBackendHeader } from '../../../lambdas/lib/cognito/cognito-backend-header';
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  type AuthenticationResultType,
  ConfirmSignUpCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { newApplicationItem } from '../../../lambdas/lib/data/applications';
import { apiBucket, totalsDelta, totalsUpdate } from '../../../lambdas/lib/data/client-totals';
import type { Profile } from '../../../lambdas/lib/data/profile-item';
import { payoutAccountItem } from '../../../lambdas/lib/data/payout-accounts';
import { keys } from '../../../lambdas/lib/data/table';
import { srpSignIn, type SrpSignInResult } from '@aurum/cognito-emulator';
import { type AdminChanged, changeAdmin } from '../../../infra/tools/admin-change';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET } from '../../../infra/local/seed';
import { answerSchemas } from '../../../shared/answers';
import {
  type AnswerOf,
  type BodyInputOf,
  type ErrorBody,
  type PathParams,
  type QueryInputOf,
  routeByName,
  type RouteName,
  type RouteOf,
  routeUrl,
} from '../../../shared/api';
import type { TestStack } from './stack';
import { freshTotpCode, totpCode } from './totp';

/** Where the tests have always found them (they live in ./totp). */
export { freshTotpCode, totpCode };

export const PASSWORD = 'Passw0rd!';

export interface Session {
  email: string;
  sub: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

type ParamsOf<N extends RouteName> = PathParams<RouteOf<N>['path']>;
type ParamsInput<N extends RouteName> = keyof ParamsOf<N> extends never
  ? { params?: undefined }
  : { params: ParamsOf<N> };
type BodyInput<N extends RouteName> =
  BodyInputOf<N> extends undefined ? { body?: undefined } : { body: BodyInputOf<N> };
type QueryInput<N extends RouteName> =
  QueryInputOf<N> extends undefined ? { query?: undefined } : { query?: QueryInputOf<N> };

/**
 * One call of route N: exactly the input the route takes (its path parameters, its body, its
 * query), plus who calls (`token`) and any extra headers (an `Idempotency-Key`, say).
 */
export type CallInput<N extends RouteName> = { token?: string; headers?: Record<string, string> } & ParamsInput<N> &
  BodyInput<N> &
  QueryInput<N>;

/** What `call` gives back: the declared answer on a 2xx (checked), `{ error }` otherwise. */
export type CallAnswer<N extends RouteName> = AnswerOf<N> & Partial<ErrorBody>;

/** The path parameters, then the query: the parameters may be left out when the path has none. */
type PathArgs<N extends RouteName> = keyof ParamsOf<N> extends never
  ? [params?: ParamsOf<N>, query?: Record<string, string | undefined>]
  : [params: ParamsOf<N>, query?: Record<string, string | undefined>];

/**
 * A route's concrete path, from the route table, with its query string: for tests that send what
 * `Client.call`'s typed input refuses (a malformed body, a wrong content type, an unsupported
 * query) through `Client.api`.
 */
export function pathOf<N extends RouteName>(route: N, ...[params, query]: PathArgs<N>): string {
  return routeUrl(route, params, query);
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** The value at an issue's path, for the message. */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** An issue in words (zod/mini carries no locale: its messages all read "Invalid input"). */
function describeIssue(
  issue: { code: string; path: readonly PropertyKey[]; message: string } & Record<string, unknown>,
  body: unknown,
): string {
  const where =
    issue.path
      .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
      .join('')
      .replace(/^\./, '') || '(the answer itself)';
  const actual = valueAt(body, issue.path);
  const shown = actual === undefined ? 'undefined' : JSON.stringify(actual)?.slice(0, 200);
  const what = (() => {
    switch (issue.code) {
      case 'invalid_type':
        return `expected ${String(issue.expected)}, got ${shown}`;
      case 'invalid_value':
        return `expected one of ${JSON.stringify(issue.values)}, got ${shown}`;
      case 'invalid_format':
        return `expected a ${String(issue.format)}, got ${shown}`;
      case 'unrecognized_keys':
        return `unknown field(s) ${JSON.stringify(issue.keys)}`;
      default:
        return `${issue.code}: ${issue.message}, got ${shown}`;
    }
  })();
  return `${where}: ${what}`;
}

/**
 * The runtime half of the contract check: a 2xx answer of `route` must be its declared answer
 * (for a `csv` route, the file's text). Throws naming the route and the first issue otherwise;
 * other statuses are not checked. With `contentType`, it must be the declared kind too.
 */
export function checkAnswer(route: RouteName, status: number, body: unknown, contentType?: string | null): void {
  if (!is2xx(status)) return;
  const declared = routeByName(route).answer;
  if (contentType !== undefined) {
    const expected = declared === 'csv' ? 'text/csv' : 'application/json';
    if (!(contentType ?? '').toLowerCase().startsWith(expected)) {
      throw new Error(
        `${route} answered ${status} with content-type ${JSON.stringify(contentType)}, not its declared ${expected} answer '${declared}'`,
      );
    }
  }
  const result = answerSchemas[declared].safeParse(body);
  if (!result.success) {
    const [first] = result.error.issues;
    const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more issue(s))` : '';
    const issue = first
      ? describeIssue(first as unknown as Parameters<typeof describeIssue>[0], body)
      : 'no issue given';
    throw new Error(
      `${route} answered ${status} with a body that is not its declared answer '${declared}': ${issue}${more}`,
    );
  }
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

export class Client {
  /** The second administrator `fund` asks for approvals, made at its first need. */
  private fundingChecker?: Promise<Session>;
  /** Browser-side Cognito calls go through the gateway, as the SPA's do. */
  readonly cognito: CognitoIdentityProviderClient;
  /** Admin calls go straight to cognito-local, as an operator's would to Cognito. */
  readonly cognitoAdmin: CognitoIdentityProviderClient;
  /** The stack's table, as `npm run admin` reaches it (admin-change.ts). */
  private readonly table: DynamoDBDocumentClient;
  /**
   * The authenticator secrets this client knows, by lower-case e-mail: the seeded demo admin's,
   * and each one `setUpTotp` or `signInWithTotp` used. `signIn` answers their code challenge.
   */
  private readonly totpSecrets = new Map<string, string>([[DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET]]);

  constructor(readonly stack: TestStack) {
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    this.cognito = new CognitoIdentityProviderClient({
      region: stack.cognito.region,
      endpoint: `${stack.url}/cognito`,
      credentials,
    });
    // The backend's client: with the stack's secret, as the functions and `npm run admin` call the pool.
    this.cognitoAdmin = new CognitoIdentityProviderClient({
      region: stack.cognito.region,
      endpoint: stack.cognito.endpoint,
      credentials,
    });
    sendBackendHeader(this.cognitoAdmin, stack.cognito.backendSecret);
    this.table = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: stack.cognito.region, endpoint: stack.dynamoEndpoint, credentials }),
    );
  }

  destroy(): void {
    this.cognito.destroy();
    this.cognitoAdmin.destroy();
    this.table.destroy();
  }

  /**
   * What `npm run admin -- add|remove <email>` does (infra/tools/admin-change.ts, run here in the
   * test's process): the group, the moment recorded and e-mailed, every session of the user ended.
   */
  async changeAdmin(action: 'add' | 'remove', email: string): Promise<AdminChanged> {
    return changeAdmin(
      {
        cognito: this.cognitoAdmin,
        userPoolId: this.stack.cognito.userPoolId,
        table: this.table,
        tableName: this.stack.tableName,
      },
      action,
      email,
    );
  }

  async mailbox(
    to: string,
  ): Promise<{ to: string; subject: string; code: string | null; link: string | null; sentAt: string }[]> {
    const res = await fetch(`${this.stack.url}/__local/mailbox?to=${encodeURIComponent(to)}`);
    return (await res.json()) as {
      to: string;
      subject: string;
      code: string | null;
      link: string | null;
      sentAt: string;
    }[];
  }

  /**
   * A password sign-in through the gateway, over SRP as the web signs in (the app client takes
   * no password itself). A user with two-factor sign-in on is asked for a
   * code: `signIn` answers it when it knows the user's secret (the seeded demo admin, or one set
   * up by this client), else it fails with 'no tokens'.
   */
  async signIn(email: string, password = PASSWORD): Promise<Session> {
    const out = await this.initiateAuth(email, password);
    const secret = this.totpSecrets.get(email.toLowerCase());
    if (out.ChallengeName === 'SOFTWARE_TOKEN_MFA' && secret) return this.answerTotp(email, out, secret);
    return this.sessionOf(email, out);
  }

  /** The code an authenticator app holding `secret` shows at `at` (see the module's `totpCode`). */
  totpCode(secret: string, at?: number): string {
    return totpCode(secret, at);
  }

  /** A sign-in that must be asked for an authenticator code, answered with a fresh one of `secret`. */
  async signInWithTotp(email: string, secret: string, password = PASSWORD): Promise<Session> {
    const out = await this.initiateAuth(email, password);
    if (out.ChallengeName !== 'SOFTWARE_TOKEN_MFA')
      throw new Error(`expected a SOFTWARE_TOKEN_MFA challenge, got ${out.ChallengeName ?? 'tokens'}`);
    this.totpSecrets.set(email.toLowerCase(), secret);
    return this.answerTotp(email, out, secret);
  }

  /**
   * Two-factor sign-in set up as the account page does it, through the API: a new authenticator
   * secret (POST /api/me/two-factor/setup, for the fresh `session` and its password), confirmed with a code (.../verify), which puts it in
   * force and ends every session of the user, `session`'s too. Answers the secret; this client's
   * `signIn` answers the user's challenges from now on.
   */
  async setUpTotp(session: Session, password = PASSWORD): Promise<string> {
    const setUp = await this.call('setUpTwoFactor', { token: session.accessToken, body: { password } });
    if (setUp.status !== 200) throw new Error(`setUpTwoFactor answered ${setUp.status}: ${JSON.stringify(setUp.body)}`);
    const secret = setUp.body.secretCode;
    const verified = await this.call('verifyTwoFactor', {
      token: session.accessToken,
      body: { code: await freshTotpCode(secret, this.stack.dataDir) },
    });
    if (verified.status !== 200)
      throw new Error(`verifyTwoFactor answered ${verified.status}: ${JSON.stringify(verified.body)}`);
    this.totpSecrets.set(session.email.toLowerCase(), secret);
    return secret;
  }

  private initiateAuth(email: string, password: string): Promise<SrpSignInResult> {
    return srpSignIn(this.cognito, this.stack.cognito, email, password);
  }

  private async answerTotp(email: string, challenge: SrpSignInResult, secret: string): Promise<Session> {
    const out = await this.cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: this.stack.cognito.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.Session,
        ChallengeResponses: {
          USERNAME: email,
          SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(secret, this.stack.dataDir),
        },
      }),
    );
    return this.sessionOf(email, out);
  }

  private sessionOf(
    email: string,
    out: { AuthenticationResult?: AuthenticationResultType | undefined; ChallengeName?: string | undefined },
  ): Session {
    const r = out.AuthenticationResult;
    if (!r?.AccessToken || !r.IdToken || !r.RefreshToken)
      throw new Error(out.ChallengeName ? `no tokens: challenged with ${out.ChallengeName}` : 'no tokens');
    return {
      email,
      sub: String(claimsOf(r.AccessToken).sub),
      accessToken: r.AccessToken,
      idToken: r.IdToken,
      refreshToken: r.RefreshToken,
    };
  }

  /** A sign-up through the gateway, as the SPA's sign-up form sends it. */
  async signUp(email: string, names: { first: string; last: string }, password = PASSWORD): Promise<void> {
    await this.cognito.send(
      new SignUpCommand({
        ClientId: this.stack.cognito.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: names.first },
          { Name: 'family_name', Value: names.last },
        ],
      }),
    );
  }

  /**
   * A new confirmed client, signed in: sign-up, the code from the mailbox, confirmation; unless
   * `agreement: false`, the stack's client agreement accepted through the API, as the sign-up page
   * does; and, unless `payoutAccount: false`, a payout account set long enough ago to pay to (put
   * in the table as the demo seed puts the demo clients', since through the API one waits out its
   * cooling-off). `email`: an address of the test's own (an invited one), else a new one.
   */
  async newClient(
    prefix = 'client',
    options: { payoutAccount?: boolean; agreement?: boolean; email?: string } = {},
  ): Promise<Session> {
    const email = options.email ?? `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await this.signUp(email, { first: 'Test', last: prefix });
    // The code's e-mail, not the first: an invited address has its invitation there too.
    const code = (await this.mailbox(email)).find((mail) => mail.code)?.code;
    if (!code) throw new Error(`no code mailed to ${email}`);
    await this.cognito.send(
      new ConfirmSignUpCommand({ ClientId: this.stack.cognito.clientId, Username: email, ConfirmationCode: code }),
    );
    const session = await this.signIn(email);
    if (options.agreement !== false) await this.acceptAgreement(session);
    if (options.payoutAccount !== false) await this.settledPayoutAccount(session.sub);
    return session;
  }

  /** Accepts the client agreement the portfolio names as current, through the API; answers the version. */
  async acceptAgreement(session: Pick<Session, 'sub' | 'accessToken'>): Promise<string> {
    const read = await this.call('getPortfolio', { token: session.accessToken, params: { userId: session.sub } });
    const version = read.body.portfolio.agreement?.current.version;
    if (read.status !== 200 || version === undefined) throw new Error(`no agreement to accept (${read.status})`);
    const accepted = await this.call('acceptAgreement', {
      token: session.accessToken,
      params: { uid: session.sub },
      body: { version },
    });
    if (accepted.status !== 200) throw new Error(`acceptAgreement answered ${accepted.status}`);
    return version;
  }

  /**
   * A new client whose account is an applicant's, as a sign-up under review makes it (createProfile
   * with clientSignUp 'review': off the client indexes and the totals, with a pending application),
   * for a file on the shared stack, whose sign-ups are open.
   */
  async newApplicant(prefix = 'applicant'): Promise<Session> {
    const session = await this.newClient(prefix, { payoutAccount: false });
    const TableName = this.stack.tableName;
    const { Item } = await this.table.send(
      new GetCommand({ TableName, Key: keys.profile(session.sub), ConsistentRead: true }),
    );
    const profile = Item as Profile;
    await this.table.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName,
              Key: keys.profile(session.sub),
              UpdateExpression: 'SET #status = :applied REMOVE GSI1PK, GSI1SK, GSI4SK, GSI5SK',
              ConditionExpression: 'version = :v',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':applied': 'applied', ':v': profile.version },
            },
          },
          { Put: { TableName, Item: newApplicationItem(profile, Date.now()) } },
          totalsUpdate(apiBucket(), totalsDelta(profile, null), TableName),
        ],
      }),
    );
    return session;
  }

  /**
   * Ends the cooling-off of the client's payout account, as if its hours had passed (its usableFrom
   * a second ago): what a journey that sets one through the page cannot wait for.
   */
  async endCoolingOff(sub: string): Promise<void> {
    await this.table.send(
      new UpdateCommand({
        TableName: this.stack.tableName,
        Key: keys.payout(sub),
        UpdateExpression: 'SET usableFrom = :past',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1_000).toISOString() },
      }),
    );
  }

  /** Gives the client a payout account (an IBAN) set 30 days ago, out of its cooling-off. */
  async settledPayoutAccount(sub: string): Promise<void> {
    const setAt = Date.now() - 30 * 24 * 3_600_000;
    const change = {
      holderName: 'Test Holder',
      bankName: 'Test Bank',
      account: { kind: 'iban' as const, iban: 'GB82WEST12345698765432' },
    };
    await this.table.send(
      new PutCommand({ TableName: this.stack.tableName, Item: payoutAccountItem(sub, change, setAt, 72 * 3_600_000) }),
    );
  }

  /**
   * A new administrator, signed in, as the firm makes one: a confirmed client added with `npm run
   * admin -- add`, who then sets up two-factor sign-in on the account page, since the API gives
   * admin power only to an admin who has it, from a sign-in made since (`{ twoFactor: false }`
   * makes one who has not). Each step ends every session, so the answer is a sign-in made after
   * both. This client's `signIn` answers its code challenges; its secret is `totpSecretOf(email)`.
   */
  async newAdmin(options: { twoFactor?: boolean } = {}): Promise<Session> {
    const { email } = await this.newClient('admin');
    await this.changeAdmin('add', email);
    if (options.twoFactor !== false) await this.setUpTotp(await this.signIn(email));
    return this.signIn(email); // the new token carries the group
  }

  /**
   * Money put on a client as the firm puts it: `by`'s deposit and, when the four-eyes rule holds
   * it (its size over the client's day, its date more than 31 days back), the approval of a second
   * administrator made for this stack once. The answer is the deposit's, or the approval's with
   * the same fields (status 200, the new balance and the entry). The client's rolling day then
   * forgets it, as if it were made yesterday, so the test's own moves are measured alone. A test
   * that tries the rule itself calls `addDeposit` instead.
   */
  async fund(
    by: Session,
    client: { sub: string },
    amount: number,
    options: { timestamp?: string; note?: string } = {},
  ) {
    const body = {
      amount,
      note: options.note ?? 'wire',
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    };
    let res = await this.call('addDeposit', { token: by.accessToken, params: { id: client.sub }, body });
    if (res.status === 202 && 'action' in res.body) {
      this.fundingChecker ??= this.newAdmin();
      const approved = await this.call('approvePendingAction', {
        token: (await this.fundingChecker).accessToken,
        params: { id: res.body.action.id },
      });
      if (approved.status !== 200)
        throw new Error(`the funding deposit's approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
      res = approved as unknown as typeof res;
    }
    if (res.status === 200) {
      await this.table.send(
        new UpdateCommand({
          TableName: this.stack.tableName,
          Key: keys.profile(client.sub),
          UpdateExpression: 'REMOVE recentMoves',
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    }
    return res;
  }

  /** The authenticator secret this client set up or signed in with for `email`, if any. */
  totpSecretOf(email: string): string | undefined {
    return this.totpSecrets.get(email.toLowerCase());
  }

  /** A refresh with this token, as a browser's Cognito call through the gateway: status and error type. */
  async refresh(refreshToken: string): Promise<{ status: number; type: string | null }> {
    const res = await fetch(`${this.stack.url}/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: this.stack.cognito.clientId, RefreshToken: refreshToken }),
    });
    const body = (await res.json()) as { __type?: string };
    return { status: res.status, type: body.__type ?? null };
  }

  /**
   * Calls a route of the contract with its typed input: method and path come from the route
   * table. A 2xx answer that is not the route's declared answer throws (see checkAnswer).
   */
  async call<N extends RouteName>(route: N, input: CallInput<N>): Promise<ApiResponse<CallAnswer<N>>> {
    const { token, headers, params, body, query } = input as {
      token?: string;
      headers?: Record<string, string>;
      params?: unknown;
      body?: unknown;
      query?: unknown;
    };
    const def = routeByName(route);
    const res = await this.send(def.method, routeUrl(route, params, query), { token, headers, body });
    // A file download is its text, whatever it looks like; anything else is JSON.
    const answer = def.answer === 'csv' && is2xx(res.status) ? res.text : parseText(res.text);
    checkAnswer(route, res.status, answer, res.headers.get('content-type'));
    return { status: res.status, body: answer as CallAnswer<N>, headers: res.headers };
  }

  /**
   * Every client on the admin list, page after page (100 a page) through its cursors, as an
   * admin's screen would turn them: what tests compare with the totals or search for a client in.
   */
  async allClients(
    token: string,
    query: { sort?: 'balance-desc' | 'balance-asc'; search?: string } = {},
  ): Promise<AnswerOf<'listClients'>['clients']> {
    const clients: AnswerOf<'listClients'>['clients'] = [];
    let cursor: string | undefined;
    do {
      const page = await this.call('listClients', {
        token,
        query: { ...query, limit: '100', ...(cursor ? { cursor } : {}) },
      });
      if (page.status !== 200) throw new Error(`listClients answered ${page.status}: ${JSON.stringify(page.body)}`);
      clients.push(...page.body.clients);
      cursor = page.body.nextCursor;
    } while (cursor);
    return clients;
  }

  /**
   * `call` for a route chosen at run time (a test that goes through the route table) or with a
   * body its typed input refuses on purpose: method and path still come from the route table,
   * and a 2xx answer is still checked. The input is not typed: prefer `call`.
   */
  async callAny(
    route: RouteName,
    input: {
      token?: string;
      headers?: Record<string, string>;
      params?: Record<string, string>;
      body?: unknown;
      query?: Record<string, string | undefined>;
    },
  ): Promise<ApiResponse<unknown>> {
    return this.call(route, input as CallInput<RouteName>);
  }

  /**
   * A raw request, for what `call` refuses to send: a malformed body, a wrong content type, a
   * path that is no route. Its answer is not checked; `T` is what the test expects back.
   */
  async api<T = unknown>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const res = await this.send(method, path, options);
    return { status: res.status, body: parseText(res.text) as T, headers: res.headers };
  }

  private async send(
    method: string,
    path: string,
    options: {
      token?: string | undefined;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string> | undefined;
    },
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.stack.url}${path}`, { method, headers, body });
    return { status: res.status, text: await res.text(), headers: res.headers };
  }
}

/** JSON if it parses (null when empty), else the text itself. */
function parseText(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text; // not JSON: keep the text
  }
}
