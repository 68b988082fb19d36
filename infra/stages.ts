/**
 * Each stage's settings, committed so that a deploy never depends on flags someone has to
 * remember: `npm run deploy -- -c stage=prod` (or AURUM_STAGE=prod) always deploys the same
 * stack with the same Google provider, alarm address and e-mail sender. `infra/aws/stage-config.ts`
 * checks every value at synth and says which one is wrong.
 *
 * Adding a stage: copy an entry, give it its own name, account and region (docs/operations.md).
 * Secrets never live here: Google's client secret stays in Secrets Manager, named below.
 */
import type { StageSettings } from './aws/stage-config';
import { DEMO_FIRM } from './aws/demo-firm';

export const stages: Record<string, StageSettings> = {
  // Both stages are samples (deployable: false): `npm run deploy` refuses them until their
  // account, alarm address, sender, domain, copy vault and footer (firm) are the firm's own and they say deployable: true.
  dev: {
    account: '111111111111',
    region: 'eu-west-1',
    stackName: 'AurumPortal-dev',
    authDomainPrefix: 'aurum-dev-111111111111',
    localhostCallbacks: true,
    // A money move above this waits for a second administrator (shared/four-eyes.ts).
    fourEyesThresholdDollars: 10_000,
    // What one administrator applies alone in a rolling day; above it their moves wait for a second administrator.
    adminDailyLimitDollars: 100_000,
    // The month's AWS cost (its tagged resources) e-mailed to the alarm address at 80% and when forecast past it.
    monthlyBudgetDollars: 75,
    // Shown to a client with nothing deposited yet. Demo data: this stage moves no real money.
    fundingInstructions: [
      'Aurum Demo Bank',
      'Account: Aurum Client Money (demo)',
      'IBAN: XX00 DEMO 0000 0000 00',
      'Reference: your e-mail address',
    ],
    // The foot of every page. Demo data, marked as such on every page.
    firm: DEMO_FIRM,
  },
  prod: {
    account: '222222222222',
    region: 'eu-west-1',
    stackName: 'AurumPortal-prod',
    authDomainPrefix: 'aurum-prod-222222222222',
    alarmEmail: 'ops@aurum.example',
    // Holds clients' money: its stacks cannot be deleted until termination protection is turned off.
    production: true,
    // A money move above this waits for a second administrator (shared/four-eyes.ts).
    fourEyesThresholdDollars: 25_000,
    // What one administrator applies alone in a rolling day; above it their moves wait for a second administrator.
    adminDailyLimitDollars: 250_000,
    // The month's AWS cost (its tagged resources) e-mailed to the alarm address at 80% and when forecast past it (docs/operations.md, "Cost").
    monthlyBudgetDollars: 500,
    // A client's new payout account waits this long before a withdrawal may pay to it (0-720 hours).
    payoutCoolingOffHours: 72,
    // A new client's account waits for an administrator's approval (the Applications page) before it is funded.
    clientSignUp: 'review',
    // Administrators get admin power only on sessions that signed in with a passkey (Google admins none).
    adminPasskeyRequired: true,
    // Monthly backups are kept this many years (1-10): the firm's record-keeping period, set by its compliance officer.
    backupYears: 7,
    // A production stage must set everything below (infra/aws/stage-config.ts, PRODUCTION_REQUIRES). These are
    // samples: accounts of one digit repeated, names under the reserved .example domain, fill-ins in <...>. A
    // deployable stage refuses every one of them, naming the field.
    // A copy of every backup in a second account's locked vault (docs/operations.md, "Backups and restore").
    backupCopy: { vaultArn: 'arn:aws:backup:eu-west-1:333333333333:backup-vault:aurum-prod-copies' },
    // How a client funds the account, shown on a new client's empty dashboard: at most 8 lines of 120 characters.
    fundingInstructions: [
      '<bank>',
      'Account holder: <name>',
      'IBAN: <iban>',
      'BIC: <bic>',
      'Reference: your e-mail address',
    ],
    // The agreement every client accepts at sign-up and again when the version changes (docs/operations.md,
    // "Changing the client agreement"): a version of letters, digits, dots, dashes, and the page showing it.
    clientAgreement: { version: '2026-11', url: 'https://aurum.example/client-agreement' },
    // The foot of every page (docs/operations.md, "Stage settings"): no demo notice, the firm's own words and pages.
    firm: {
      legalName: "<firm's legal name>",
      riskDisclosure:
        'Past performance is not a guide to future returns. The value of an investment can fall as well as rise. The 100% annual growth target is a target: it is not guaranteed.',
      termsUrl: 'https://aurum.example/terms',
      privacyUrl: 'https://aurum.example/privacy',
      supportEmail: 'support@aurum.example',
    },
    // A verified SES identity (docs/operations.md, "Verify SES"): the pool's e-mails go through it.
    ses: { fromEmail: 'no-reply@aurum.example', fromName: 'Aurum', identity: 'aurum.example' },
    // The stage's own name in a Route 53 hosted zone of its account (docs/operations.md, "Custom domain"): the site at https://<name>, the hosted UI at auth.<name>.
    domain: { name: 'portal.aurum.example', hostedZoneId: 'Z0000000000000000000', zoneName: 'aurum.example' },
    // Both, or neither: the Google OAuth client and the Secrets Manager secret with its secret.
    // google: { clientId: '<id>.apps.googleusercontent.com', clientSecretName: 'aurum/prod/google-client-secret' },
  },
};
