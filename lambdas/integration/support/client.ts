/** What a browser or an operator would do against a test stack: Cognito calls, API calls, the mailbox. */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { TestStack } from './stack';

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

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

export class Client {
  /** Browser-side Cognito calls go through the gateway, as the SPA's do. */
  readonly cognito: CognitoIdentityProviderClient;
  /** Admin calls go straight to cognito-local, as an operator's would to Cognito. */
  readonly cognitoAdmin: CognitoIdentityProviderClient;

  constructor(readonly stack: TestStack) {
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    this.cognito = new CognitoIdentityProviderClient({ region: stack.cognito.region, endpoint: `${stack.url}/cognito`, credentials });
    this.cognitoAdmin = new CognitoIdentityProviderClient({ region: stack.cognito.region, endpoint: stack.cognito.endpoint, credentials });
  }

  destroy(): void {
    this.cognito.destroy();
    this.cognitoAdmin.destroy();
  }

  async mailbox(to: string): Promise<{ to: string; subject: string; code: string | null; link: string | null; sentAt: string }[]> {
    const res = await fetch(`${this.stack.url}/__local/mailbox?to=${encodeURIComponent(to)}`);
    return (await res.json()) as { to: string; subject: string; code: string | null; link: string | null; sentAt: string }[];
  }

  async signIn(email: string, password = PASSWORD): Promise<Session> {
    const out = await this.cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: this.stack.cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    const r = out.AuthenticationResult;
    if (!r?.AccessToken || !r.IdToken || !r.RefreshToken) throw new Error('no tokens');
    return { email, sub: String(claimsOf(r.AccessToken).sub), accessToken: r.AccessToken, idToken: r.IdToken, refreshToken: r.RefreshToken };
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

  /** A new confirmed client, signed in: sign-up, the code from the mailbox, confirmation. */
  async newClient(prefix = 'client'): Promise<Session> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await this.signUp(email, { first: 'Test', last: prefix });
    const code = (await this.mailbox(email))[0]?.code;
    if (!code) throw new Error(`no code mailed to ${email}`);
    await this.cognito.send(new ConfirmSignUpCommand({ ClientId: this.stack.cognito.clientId, Username: email, ConfirmationCode: code }));
    return this.signIn(email);
  }

  async newAdmin(): Promise<Session> {
    const session = await this.newClient('admin');
    await this.cognitoAdmin.send(new AdminAddUserToGroupCommand({ UserPoolId: this.stack.cognito.userPoolId, Username: session.email, GroupName: 'admins' }));
    return this.signIn(session.email); // the new token carries the group
  }

  /** A refresh with this token, as a browser's Cognito call through the gateway: status and error type. */
  async refresh(refreshToken: string): Promise<{ status: number; type: string | null }> {
    const res = await fetch(`${this.stack.url}/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: this.stack.cognito.clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    });
    const body = (await res.json()) as { __type?: string };
    return { status: res.status, type: body.__type ?? null };
  }

  async api<T = unknown>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${this.stack.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
}
