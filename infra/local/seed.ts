/**
 * Demo data for a fresh DATA_DIR: two admins and two clients (password `Passw0rd!`), signed up
 * and confirmed through Cognito like any user, each admin with two-factor sign-in already set up
 * (an authenticator app with a fixed secret below) and a staff account, neither listed nor counted
 * as a client; and alice's deposits chosen so every screen has something to show: one eligible
 * now, one within 2 weeks of eligibility, one recent. Two admins, so that a move above the
 * four-eyes threshold can be proposed by one and approved by the other.
 */
import { sendBackendHeader } from '../../lambdas/lib/cognito/cognito-backend-header';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TOTP } from 'otpauth';
import { ddb, table } from '../../lambdas/lib/runtime/db';
import { securityChange } from '../../lambdas/lib/data/security-record';
import type { PayoutAccountChange } from '../../lambdas/lib/data/payout-accounts';
import { listingChange } from '../../lambdas/lib/data/staff-accounts';
import { userPoolDefinition } from '../../shared/user-pool';
import { addCalendarMonthsUtc, depositEligibleIn } from '../../shared/eligibility';
import { DAY_MS } from '../../shared/growth';
import type { Mailbox } from './mailbox';

export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_ADMIN = 'admin@example.com';
/**
 * The demo admin's authenticator secret (base32). Local demo data only, published on purpose
 * (README, the `npm start` banner): anyone can compute the admin's codes from it, as anyone can
 * read its password. A real pool's secrets come from AssociateSoftwareToken and are never shown
 * again.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'AURUMDEMOADMINTOTPSECRETLOCAL234';

/** The demo admin's authenticator app: its secret, and the `otpauth://` URI an app adds it from. */
export function demoAdminTotp(): { secret: string; uri: string } {
  const totp = new TOTP({
    issuer: userPoolDefinition.mfa.totpIssuer,
    label: DEMO_ADMIN,
    secret: DEMO_ADMIN_TOTP_SECRET,
  });
  return { secret: DEMO_ADMIN_TOTP_SECRET, uri: totp.toString() };
}

/** The shell one-liner that prints the demo admin's current code (run in the project folder). */
export const DEMO_ADMIN_CODE_COMMAND = `node -e "import('otpauth').then(({TOTP})=>console.log(new TOTP({secret:'${DEMO_ADMIN_TOTP_SECRET}'}).generate()))"`;

/** The second demo admin, who approves what the first proposes above the four-eyes threshold. */
export const DEMO_CHECKER = 'checker@example.com';
/** Its authenticator secret (base32), published like the first admin's: local demo data only. */
export const DEMO_CHECKER_TOTP_SECRET = 'AURUMDEMOCHECKERTOTPSECRETLOC234';

/** The second demo admin's authenticator app, as demoAdminTotp gives the first's. */
export function demoCheckerTotp(): { secret: string; uri: string } {
  const totp = new TOTP({
    issuer: userPoolDefinition.mfa.totpIssuer,
    label: DEMO_CHECKER,
    secret: DEMO_CHECKER_TOTP_SECRET,
  });
  return { secret: DEMO_CHECKER_TOTP_SECRET, uri: totp.toString() };
}

/** The demo admins by e-mail, with their authenticator secrets. */
export const DEMO_ADMINS: readonly { email: string; totpSecret: string }[] = [
  { email: DEMO_ADMIN, totpSecret: DEMO_ADMIN_TOTP_SECRET },
  { email: DEMO_CHECKER, totpSecret: DEMO_CHECKER_TOTP_SECRET },
];

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
}

const users: DemoUser[] = [
  { email: DEMO_ADMIN, firstName: 'Ada', lastName: 'Admin' },
  { email: DEMO_CHECKER, firstName: 'Chris', lastName: 'Checker' },
  { email: 'alice@example.com', firstName: 'Alice', lastName: 'Example' },
  { email: 'bob@example.com', firstName: 'Bob', lastName: 'Example' },
];

/** The demo's clients (the others are its administrators). */
const DEMO_CLIENTS = ['alice@example.com', 'bob@example.com'];

export interface SeedContext {
  cognito: {
    endpoint: string;
    region: string;
    userPoolId: string;
    clientId: string;
    /** What its own port wants where AWS wants an IAM signature (RunningLocalCognito). */
    backendSecret: string;
    /** The local Cognito's in-process set-up of an authenticator app (RunningLocalCognito). */
    setUpSoftwareTokenMfa(username: string, secret: string): Promise<void>;
  };
  mailbox: Mailbox;
  /** Records a deposit straight through the backend's ledger code (the API refuses dates over a year old, not these). */
  deposit: (email: string, amountCents: number, at: number, note: string) => Promise<void>;
  /** Makes a demo client's account (its sub) active, whatever the stack's sign-up mode: the demo book is of approved clients. */
  approve: (sub: string) => Promise<void>;
  /** Gives a client a payout account as set at `setAt` (the demo's are old enough to pay to at once). */
  payoutAccount: (email: string, change: PayoutAccountChange, setAt: number) => Promise<void>;
  /** Records a client's acceptance of the stack's client agreement at `at`, so a demo journey is not stopped by its prompt. */
  agreement: (email: string, at: number) => Promise<void>;
  now: number;
}

/** The demo clients' payout accounts: valid numbers (checksums included) of no real bank account. */
export const DEMO_PAYOUT_ACCOUNTS: Record<string, PayoutAccountChange> = {
  'alice@example.com': {
    holderName: 'Alice Example',
    bankName: 'Example Bank plc',
    account: { kind: 'iban', iban: 'GB82WEST12345698765432' },
  },
  'bob@example.com': {
    holderName: 'Bob Example',
    bankName: 'Example Savings Bank',
    account: { kind: 'us', accountNumber: '000123456789', routingNumber: '011000015' },
  },
};

/**
 * A demo admin's security record and staff account, as if `npm run admin -- add` and the account
 * page's set-up had run, in one transaction: admin and two-factor from the start of the seed's
 * second, before any session exists (no one signs in until the stack is ready), so the first
 * sign-in with a code opens the console; and the profile (a client's, made at sign-up, with no
 * money) off the client list and the totals. Demo data only: no e-mail, no activity entry.
 */
async function recordDemoAdmin(client: CognitoIdentityProviderClient, ctx: SeedContext, email: string): Promise<void> {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: ctx.cognito.userPoolId, Username: email }));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`no sub for ${email}`);
  const since = Math.floor(ctx.now / 1000) * 1000;
  const record =
    securityChange(table(), sub, { set: { adminSince: since, totpEnabledAt: since } }, since).TransactItems ?? [];
  const staff = await listingChange({ doc: ddb(), tableName: table() }, sub, 'staff');
  await ddb().send(new TransactWriteCommand({ TransactItems: [...record, ...staff] }));
}

export async function seedDemoData(ctx: SeedContext): Promise<void> {
  const client = new CognitoIdentityProviderClient({
    region: ctx.cognito.region,
    endpoint: ctx.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  sendBackendHeader(client, ctx.cognito.backendSecret);
  try {
    for (const user of users) {
      await client.send(
        new SignUpCommand({
          ClientId: ctx.cognito.clientId,
          Username: user.email,
          Password: DEMO_PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: user.email },
            { Name: 'given_name', Value: user.firstName },
            { Name: 'family_name', Value: user.lastName },
          ],
        }),
      );
      const code = ctx.mailbox.list(user.email)[0]?.code;
      if (!code) throw new Error(`no confirmation code was sent to ${user.email}`);
      await client.send(
        new ConfirmSignUpCommand({ ClientId: ctx.cognito.clientId, Username: user.email, ConfirmationCode: code }),
      );
    }
    for (const admin of DEMO_ADMINS) {
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: ctx.cognito.userPoolId,
          Username: admin.email,
          GroupName: userPoolDefinition.adminGroup,
        }),
      );
      // As if the admin had added the app (AssociateSoftwareToken, VerifySoftwareToken) and turned
      // codes on (SetUserMFAPreference), with a secret fixed so the README can give it.
      await ctx.cognito.setUpSoftwareTokenMfa(admin.email, admin.totpSecret);
      await recordDemoAdmin(client, ctx, admin.email);
    }
    for (const email of Object.keys(DEMO_PAYOUT_ACCOUNTS)) {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: ctx.cognito.userPoolId, Username: email }));
      const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      if (!sub) throw new Error(`no sub for ${email}`);
      await ctx.approve(sub);
    }
  } finally {
    client.destroy();
  }
  const { now } = ctx;
  await ctx.deposit('alice@example.com', 2_500_000, addCalendarMonthsUtc(now, -7), 'Initial investment');
  await ctx.deposit('alice@example.com', 1_000_000, aliceTopUp(now).at, 'Top-up');
  await ctx.deposit('alice@example.com', 500_000, now - 10 * DAY_MS, 'Recent top-up');
  await ctx.deposit('bob@example.com', 1_250_000, now - 21 * DAY_MS, 'Initial investment');
  for (const [email, account] of Object.entries(DEMO_PAYOUT_ACCOUNTS))
    await ctx.payoutAccount(email, account, now - 60 * DAY_MS);
  for (const email of DEMO_CLIENTS) await ctx.agreement(email, now - 60 * DAY_MS);
}

/** Alice's top-up: 5 days from eligibility, or the nearest day a deposit can be on the few dates none is 5 days out. */
export function aliceTopUp(now: number): { at: number; days: number } {
  const found = depositEligibleIn([5, 4, 6, 3, 7], now);
  if (!found) throw new Error('no deposit date is within 3 to 7 days of eligibility');
  return found;
}
