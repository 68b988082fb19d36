/**
 * The local stack's funding instructions (a stage sets its own as fundingInstructions in
 * infra/stages.ts): DEMO DATA, naming no real bank or account, so a new local client's dashboard
 * shows what a first-day client would read.
 */
export const LOCAL_FUNDING_INSTRUCTIONS: readonly string[] = [
  'Aurum Demo Bank',
  'Account: Aurum Client Money (demo)',
  'IBAN: XX00 DEMO 0000 0000 00',
  'Reference: your e-mail address',
];
