/**
 * A fresh data folder's demo data (seed.ts), its deposits recorded through the backend's own
 * ledger code and read in the activity log as the demo admin's, like the ledger says.
 */
import { listProfiles } from '../../../lambdas/lib/data/indexes';
import { recordEntry } from '../../../lambdas/lib/money/money-moves';
import type { Mailbox } from '../mailbox';
import { DEMO_ADMIN, type SeedContext, seedDemoData } from '../seed';

async function demoDeposit(now: number, email: string, amountCents: number, at: number, note: string): Promise<void> {
  const profile = (await listProfiles()).find((p) => p.email === email);
  if (!profile) throw new Error(`no profile for ${email}`);
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

export function seedDemo(cognito: SeedContext['cognito'], mailbox: Mailbox): Promise<void> {
  const now = Date.now();
  return seedDemoData({
    cognito,
    mailbox,
    now,
    deposit: (email, amountCents, at, note) => demoDeposit(now, email, amountCents, at, note),
  });
}
