/**
 * Demo data for a fresh DATA_DIR: an admin and two clients (password `Passw0rd!`), signed up
 * and confirmed through Cognito like any user, and alice's deposits chosen so every screen has
 * something to show: one eligible now, one within 2 weeks of eligibility, one recent.
 */
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { userPoolDefinition } from '../../shared/user-pool';
import { addCalendarMonthsUtc } from '../../shared/eligibility';
import { DAY_MS } from '../../shared/growth';
import type { Mailbox } from './mailbox';

export const DEMO_PASSWORD = 'Passw0rd!';
export const DEMO_ADMIN = 'admin@example.com';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
}

const users: DemoUser[] = [
  { email: DEMO_ADMIN, firstName: 'Ada', lastName: 'Admin' },
  { email: 'alice@example.com', firstName: 'Alice', lastName: 'Example' },
  { email: 'bob@example.com', firstName: 'Bob', lastName: 'Example' },
];

export interface SeedContext {
  cognito: { endpoint: string; region: string; userPoolId: string; clientId: string };
  mailbox: Mailbox;
  /** Records a deposit straight through the backend's ledger code (the API refuses dates over a year old, not these). */
  deposit: (email: string, amountCents: number, at: number, note: string) => Promise<void>;
  now: number;
}

export async function seedDemoData(ctx: SeedContext): Promise<void> {
  const client = new CognitoIdentityProviderClient({
    region: ctx.cognito.region,
    endpoint: ctx.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
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
      await client.send(new ConfirmSignUpCommand({ ClientId: ctx.cognito.clientId, Username: user.email, ConfirmationCode: code }));
    }
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: ctx.cognito.userPoolId, Username: DEMO_ADMIN, GroupName: userPoolDefinition.adminGroup }),
    );
  } finally {
    client.destroy();
  }
  const { now } = ctx;
  await ctx.deposit('alice@example.com', 2_500_000, addCalendarMonthsUtc(now, -7), 'Initial investment');
  await ctx.deposit('alice@example.com', 1_000_000, addCalendarMonthsUtc(now, -6) + 5 * DAY_MS, 'Top-up');
  await ctx.deposit('alice@example.com', 500_000, now - 10 * DAY_MS, 'Recent top-up');
  await ctx.deposit('bob@example.com', 1_250_000, now - 21 * DAY_MS, 'Initial investment');
}
