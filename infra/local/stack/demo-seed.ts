/**
 * A fresh data folder's demo data (seed.ts), its deposits recorded through the backend's own
 * ledger code and read in the activity log as the demo admin's, like the ledger says.
 */
import { listProfiles } from '../../../lambdas/lib/data/indexes';
import { recordEntry } from '../../../lambdas/lib/money/money-moves';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { approvalWrites } from '../../../lambdas/lib/data/applications';
import { isApplied } from '../../../lambdas/lib/data/profile-item';
import { getProfile } from '../../../lambdas/lib/data/profile-reads';
import { payoutAccountItem } from '../../../lambdas/lib/data/payout-accounts';
import { ddb, table } from '../../../lambdas/lib/runtime/db';
import { PAYOUT_COOLING_OFF_HOURS } from '../../../shared/payout-cooling-off';
import type { ClientAgreement } from '../../../shared/client-agreement';
import { agreementItem } from '../../../lambdas/lib/data/client-agreement';
import { keys } from '../../../lambdas/lib/data/table';
import type { Mailbox } from '../mailbox';
import { DEMO_ADMIN, type SeedContext, seedDemoData } from '../seed';

/**
 * A demo client's applied profile (CLIENT_SIGN_UP=review) made active as an approval makes it,
 * decided by the demo admin; nothing on an active one. Demo data only: no activity entry.
 */
async function approveDemoClient(now: number, sub: string): Promise<void> {
  const profile = await getProfile(sub, true);
  if (!profile || !isApplied(profile)) return;
  await ddb().send(
    new TransactWriteCommand({ TransactItems: approvalWrites(profile, { email: DEMO_ADMIN, sub: DEMO_ADMIN }, now) }),
  );
}

async function demoProfile(email: string) {
  const profile = (await listProfiles()).find((p) => p.email === email);
  if (!profile) throw new Error(`no profile for ${email}`);
  return profile;
}

async function demoDeposit(now: number, email: string, amountCents: number, at: number, note: string): Promise<void> {
  const profile = await demoProfile(email);
  await recordEntry({
    sub: profile.sub,
    now,
    note,
    adminEmail: DEMO_ADMIN,
    entryFor: () => ({ type: 'deposit', amountCents, at }),
    activity: (before, balanceAfterCents) => ({
      kind: 'deposit',
      actor: DEMO_ADMIN,
      at: now,
      clientId: before.sub,
      clientEmail: before.email,
      amountCents,
      balanceBeforeCents: before.balanceCents,
      balanceAfterCents,
      note,
    }),
    answer: () => ({ body: null }),
  });
}

/** The acceptance as it is stored (the item and the profile's mark), from the demo's own machine. */
async function demoAgreement(email: string, agreement: ClientAgreement, at: number): Promise<void> {
  const { sub } = await demoProfile(email);
  const item = agreementItem(sub, agreement, { sourceIp: '127.0.0.1', userAgent: 'demo seed' }, at);
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
        {
          Update: {
            TableName: table(),
            Key: keys.profile(sub),
            UpdateExpression: 'SET agreement = :agreement',
            ExpressionAttributeValues: { ':agreement': { version: item.version, acceptedAt: item.acceptedAt } },
          },
        },
      ],
    }),
  );
}

export function seedDemo(cognito: SeedContext['cognito'], mailbox: Mailbox, agreement: ClientAgreement): Promise<void> {
  const now = Date.now();
  return seedDemoData({
    cognito,
    mailbox,
    now,
    deposit: (email, amountCents, at, note) => demoDeposit(now, email, amountCents, at, note),
    approve: (sub) => approveDemoClient(now, sub),
    // Put as it is stored: a demo account set long ago is past its cooling-off, with no e-mail or notice.
    payoutAccount: async (email, change, setAt) => {
      const { sub } = await demoProfile(email);
      const item = payoutAccountItem(sub, change, setAt, PAYOUT_COOLING_OFF_HOURS.default * 3_600_000);
      await ddb().send(new PutCommand({ TableName: table(), Item: item }));
    },
    agreement: (email, at) => demoAgreement(email, agreement, at),
  });
}
