/**
 * The typed, validated settings of one stage (the values live in `infra/stages.ts`). A missing
 * or malformed value stops the synth with a message naming the stage and the field, before
 * anything reaches CloudFormation.
 */
import { z } from 'zod';
import { RECORD_YEARS } from '../../shared/record-keeping';
import { PAYOUT_COOLING_OFF_HOURS } from '../../shared/payout-cooling-off';
import { AGREEMENT_VERSION_PATTERN } from '../../shared/client-agreement';
import { CLIENT_SIGN_UP_MODES } from '../../shared/client-sign-up';

const STAGE_NAME = /^[a-z][a-z0-9]{1,11}$/;

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): no mail is ever delivered there. */
const RESERVED_DOMAIN = /(?:^|\.)(?:example|test|invalid|localhost|example\.(?:com|net|org))$/i;
/** Account ids of AWS's documentation, and any id of one digit repeated (this repository's samples). */
const SAMPLE_ACCOUNTS = new Set([
  '123456789012',
  '111122223333',
  '444455556666',
  '777788889999',
  '012345678901',
  '210987654321',
]);
export const isSampleAccount = (id: string) => SAMPLE_ACCOUNTS.has(id) || /^(\d)\1{11}$/.test(id);
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address');

/** A backup vault's ARN; its groups are the region, the account and the vault's name. */
const VAULT_ARN =
  /^arn:aws(?:-[a-z]+)*:backup:([a-z]{2}(?:-gov)?-[a-z]+-\d):(\d{12}):backup-vault:([A-Za-z0-9_-]{2,50})$/;
/** Years the monthly backups may be kept: at least one, at most ten (beyond every usual regime). */
export const BACKUP_YEARS = { min: 1, max: 10, message: 'must be a whole number of years from 1 to 10' };
const COOLING_OFF_MESSAGE = `must be a whole number of hours from ${PAYOUT_COOLING_OFF_HOURS.min} to ${PAYOUT_COOLING_OFF_HOURS.max}`;
const RECORD_YEARS_MESSAGE = `must be a whole number of years from ${RECORD_YEARS.min} to ${RECORD_YEARS.max}`;
const accountOfVault = (arn: string | undefined) => (arn ? VAULT_ARN.exec(arn)?.[2] : undefined);

/** A DNS name as Route 53 and ACM take it: lowercase labels of letters, digits and inner hyphens, no trailing dot. */
const DNS_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const dnsName = z
  .string()
  .regex(
    new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})+$`),
    'must be a lowercase DNS name such as portal.aurum-capital.com (no scheme, no trailing dot)',
  );
/** The longest name DNS allows. */
const DNS_NAME_MAX = 253;

/**
 * The hosted UI's name under a stage's own domain: a subdomain of the site's name, so the site's
 * alias record is the parent record Cognito requires of a custom domain.
 */
export const authDomainName = (siteName: string) => `auth.${siteName}`;

/** What a stage's monthly budget must be. */
const MONTHLY_BUDGET_MESSAGE = 'must be a whole number of dollars, more than 0';

/** Funding instructions fit a phone's card: a few short lines. */
export const FUNDING_LINES_MAX = 8;
export const FUNDING_LINE_MAX_CHARS = 120;
const fundingLine = z
  .string()
  .trim()
  .min(1, 'each line must have text')
  .max(FUNDING_LINE_MAX_CHARS, `each line must be at most ${FUNDING_LINE_MAX_CHARS} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'each line must be one line of plain text (no line breaks or control characters)');

/** One line of the footer's plain text, at most `max` characters. */
const footerLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must have text')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of plain text (no line breaks or control characters)');
const webPage = z
  .string()
  .regex(/^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/, 'must be an https:// address of a page');

/**
 * The firm's client agreement (shared/client-agreement.ts): the version clients accept at sign-up
 * and again after it changes, and the page that shows it. Required of a production stage.
 */
const clientAgreementSettings = z
  .object({
    version: z
      .string()
      .regex(AGREEMENT_VERSION_PATTERN, 'must be 1-32 letters, digits, dots, dashes or underscores, such as 2026-11'),
    url: webPage,
  })
  .strict();

/**
 * The firm's words at the foot of every page (config.json's firm, shared/site-config.ts): its
 * legal name, the risk disclosure (which must say the target is not guaranteed), its terms and
 * privacy notice, and how clients reach it. Required of a deployable stage (placeholdersOf).
 */
const firmSettings = z
  .object({
    legalName: footerLine(120),
    riskDisclosure: footerLine(400).refine(
      (text) => /not guaranteed/i.test(text),
      "must say that the target is not guaranteed (e.g. 'the 100% target is not guaranteed')",
    ),
    termsUrl: webPage,
    privacyUrl: webPage,
    supportEmail: email,
    supportPhone: z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'must be a telephone number such as +44 20 7946 0000')
      .optional(),
    /** Marks a sample stage's firm as a demo on every page ("Demo firm — not a real offer"). */
    demoNotice: footerLine(120).optional(),
    /** The firm's postal address, a line each, at the top of clients' statements and confirmations. */
    address: z.array(footerLine(80)).min(1).max(6).optional(),
  })
  .strict();

const baseShape = z
  .object({
    /** The AWS account and region this stage lives in: a deploy with other credentials fails. */
    account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id'),
    region: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'must be an AWS region such as eu-west-1'),
    stackName: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'must be a CloudFormation stack name (letters, digits, hyphens)'),
    /**
     * The Cognito hosted-UI domain prefix, unique across all of AWS in its region: it must carry
     * the stage's name so a second stage in the same account never collides.
     */
    authDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lowercase letters, digits and hyphens (at most 63)')
      .refine(
        (p) => !/aws|amazon|cognito/.test(p),
        "must not contain 'aws', 'amazon' or 'cognito' (Cognito refuses them)",
      ),
    google: z
      .object({
        clientId: z
          .string()
          .regex(/^[\w.-]+\.apps\.googleusercontent\.com$/, 'must end in .apps.googleusercontent.com'),
        /** Name of the Secrets Manager secret holding Google's client secret. */
        clientSecretName: z.string().regex(/^[\w/+=.@-]{1,512}$/, 'must be a Secrets Manager secret name'),
      })
      .strict()
      .optional(),
    alarmEmail: email.optional(),
    /** A verified SES identity: when set, Cognito sends its e-mails through SES instead of its own capped sender. */
    ses: z
      .object({
        fromEmail: email,
        fromName: z.string().min(1).max(64).optional(),
        /** The verified identity: the domain of fromEmail, or fromEmail itself. */
        identity: z.string().min(3),
      })
      .strict()
      .refine((s) => s.identity === s.fromEmail || s.fromEmail.endsWith(`@${s.identity}`), {
        message: 'identity must be fromEmail itself or its domain',
        path: ['identity'],
      })
      .optional(),
    /** Also accept http://localhost:3000 as an OAuth callback (development stages only). */
    localhostCallbacks: z.boolean().optional(),
    /**
     * The four-eyes threshold in whole dollars (shared/four-eyes.ts): a money move larger than
     * this waits for a second administrator. Required, so no stage ever runs without the rule.
     */
    fourEyesThresholdDollars: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'must be set: the four-eyes threshold in whole dollars'
            : 'must be a number of whole dollars',
      })
      .int('must be whole dollars')
      .positive('must be more than 0')
      .refine((dollars) => Number.isSafeInteger(dollars * 100), 'is too large to count in cents'),
    /**
     * What one administrator may apply alone in a rolling day, in whole dollars (shared/four-eyes.ts):
     * above it their moves wait for a second administrator. Required, as the threshold is.
     */
    adminDailyLimitDollars: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? "must be set: an administrator's daily limit in whole dollars"
            : 'must be a number of whole dollars',
      })
      .int('must be whole dollars')
      .positive('must be more than 0')
      .refine((dollars) => Number.isSafeInteger(dollars * 100), 'is too large to count in cents'),
    /**
     * How a client funds the account, shown on an active new client's empty dashboard (given only to
     * the function that reads a portfolio, never in the public config.json): bank, account holder,
     * account number, the reference to give.
     */
    fundingInstructions: z
      .array(fundingLine)
      .max(FUNDING_LINES_MAX, `must be at most ${FUNDING_LINES_MAX} lines`)
      .optional(),
    firm: firmSettings.optional(),
    /**
     * The client agreement every client accepts (config.json's agreement, and the functions of
     * AGREEMENT_ROUTES in api.ts): a new version stops each client's next withdrawal request
     * and payout account change until they accept it (docs/operations.md, "Changing the client agreement").
     */
    clientAgreement: clientAgreementSettings.optional(),
    /**
     * The stage's monthly AWS cost budget in whole dollars (budget.ts): the alarm address hears
     * when 80% of it is spent and when the month is forecast to pass it. 100 when unset, so a new
     * stage has a budget from its first deploy.
     */
    monthlyBudgetDollars: z
      .number({ error: MONTHLY_BUDGET_MESSAGE })
      .int(MONTHLY_BUDGET_MESSAGE)
      .positive(MONTHLY_BUDGET_MESSAGE)
      .refine((dollars) => Number.isSafeInteger(dollars), MONTHLY_BUDGET_MESSAGE)
      .optional(),
    /**
     * Whether this stage may be deployed: its values are the firm's own, not samples. A deployable
     * stage refuses sample account ids and reserved example domains, and must name an alarm
     * address; `npm run deploy` refuses a stage that is not deployable.
     */
    deployable: z.boolean().optional(),
    /**
     * Holds clients' money: termination protection on every stack of the stage, a locked backup
     * vault, an Object Lock on the records trail, and every setting of PRODUCTION_REQUIRES set.
     */
    production: z.boolean().optional(),
    /**
     * How many years a closed account's records are kept before they expire (shared/record-keeping.ts):
     * the firm's record-keeping period, which its compliance officer sets. 7 when unset; the
     * monthly backups are kept as long unless backupYears says otherwise.
     */
    recordYears: z
      .number({ error: RECORD_YEARS_MESSAGE })
      .int(RECORD_YEARS_MESSAGE)
      .min(RECORD_YEARS.min, RECORD_YEARS_MESSAGE)
      .max(RECORD_YEARS.max, RECORD_YEARS_MESSAGE)
      .optional(),
    /**
     * How long a client's new payout account waits before a withdrawal may pay to it, in whole
     * hours (shared/payout-cooling-off.ts): 72 when unset. A stolen session that changes it has
     * this long to be noticed (the client is e-mailed at once).
     */
    payoutCoolingOffHours: z
      .number({ error: COOLING_OFF_MESSAGE })
      .int(COOLING_OFF_MESSAGE)
      .min(PAYOUT_COOLING_OFF_HOURS.min, COOLING_OFF_MESSAGE)
      .max(PAYOUT_COOLING_OFF_HOURS.max, COOLING_OFF_MESSAGE)
      .optional(),
    /**
     * How a new client's account starts (shared/client-sign-up.ts): `open` (when unset) makes it
     * active at sign-up; `review` keeps it applied, with no funding instructions, until an
     * administrator approves it on the Applications page.
     */
    clientSignUp: z.enum(CLIENT_SIGN_UP_MODES, { error: "must be 'open' or 'review'" }).optional(),
    /**
     * Whether administrators get admin power only on sessions that signed in with a passkey
     * (lambdas/lib/cognito/admin-epoch.ts): off when unset, where a sign-in with the authenticator
     * app's code counts too. Google admins cannot hold Cognito passkeys, so on such a stage they
     * have no admin power.
     */
    adminPasskeyRequired: z.boolean({ error: 'must be true or false' }).optional(),
    /**
     * How many years the monthly backups are kept (docs/operations.md, "Backups and restore"):
     * recordYears when unset: the backups hold a closed account's records as long as the table does.
     */
    backupYears: z
      .number({ error: BACKUP_YEARS.message })
      .int(BACKUP_YEARS.message)
      .min(BACKUP_YEARS.min, BACKUP_YEARS.message)
      .max(BACKUP_YEARS.max, BACKUP_YEARS.message)
      .optional(),
    /**
     * A backup vault in a second AWS account, locked there (Vault Lock), that receives a copy of
     * every backup: what the stage account's own credentials can never delete.
     */
    backupCopy: z
      .object({
        vaultArn: z
          .string()
          .regex(VAULT_ARN, 'must be a backup vault ARN: arn:aws:backup:<region>:<account>:backup-vault:<name>'),
      })
      .strict()
      .optional(),
    /**
     * The stage's own domain in a Route 53 hosted zone of its account: the site is served at
     * `name` and the hosted UI at `auth.<name>`, with a certificate of their own (custom-domain.ts).
     * Without it, the site is CloudFront's `*.cloudfront.net` name and the hosted UI Cognito's prefix domain.
     */
    domain: z
      .object({
        name: dnsName,
        hostedZoneId: z
          .string()
          .regex(/^Z[0-9A-Z]{1,31}$/, 'must be a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ'),
        zoneName: dnsName,
      })
      .strict()
      .optional(),
  })
  .strict();

const settingsSchema = baseShape.superRefine((settings, ctx) => {
  const problems = [
    ...backupCopyProblems(settings),
    ...domainProblems(settings),
    ...(settings.production ? productionGaps(settings) : []),
    ...(settings.deployable ? placeholdersOf(settings) : []),
  ];
  for (const [path, message] of onePerField(problems)) ctx.addIssue({ code: 'custom', path, message });
});

type Problem = [path: (string | number)[], message: string];

/** The first problem of each field: a production stage that is also deployable hears once that its firm is missing. */
function onePerField(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter(([path]) => {
    const field = path.join('.');
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  });
}

/**
 * What a stage that holds clients' money cannot run without, each with what is lost when it is
 * missing. The settings stay optional for other stages, which may try the product without them.
 */
export const PRODUCTION_REQUIRES = {
  alarmEmail: 'alarms, failed backups and the budget need someone to reach',
  ses: "without it every notification (security notices included) is off and Cognito's own sender caps e-mail at about 50 a day",
  domain:
    "without it the site keeps CloudFront's default certificate (which still takes TLS 1.0) and the hosted UI's prefix names the account",
  backupCopy:
    "a copy of every backup in a second account's locked vault is the one the stage's own credentials cannot delete",
  fundingInstructions: 'a new client is told on the dashboard how to fund the account',
  firm: "every page shows the firm's legal name, risk disclosure, terms, privacy notice and support contact",
  clientAgreement: "every client accepts the firm's client agreement, recorded with its version, before money leaves",
} as const satisfies Partial<Record<keyof z.output<typeof baseShape>, string>>;

/** The settings a production stage leaves out (an empty list of funding lines is left out too). */
function productionGaps(settings: z.output<typeof baseShape>): Problem[] {
  return Object.entries(PRODUCTION_REQUIRES)
    .filter(([field]) => {
      const value = settings[field as keyof typeof PRODUCTION_REQUIRES];
      return value === undefined || (Array.isArray(value) && value.length === 0);
    })
    .map(([field, why]) => [[field], `must be set on a production stage: ${why}`]);
}

/** A copy is kept against the loss of the stage's account: one in that same account is not. */
function backupCopyProblems(settings: z.output<typeof baseShape>): Problem[] {
  if (accountOfVault(settings.backupCopy?.vaultArn) !== settings.account) return [];
  return [
    [
      ['backupCopy', 'vaultArn'],
      `must be a vault in another account than the stage's own (${settings.account}): a copy beside the original is lost with it`,
    ],
  ];
}

/** The site's name lies in its hosted zone (the certificate is validated there), and the hosted UI's name is a DNS name too. */
function domainProblems(settings: z.output<typeof baseShape>): Problem[] {
  const domain = settings.domain;
  if (!domain) return [];
  const problems: Problem[] = [];
  if (domain.name !== domain.zoneName && !domain.name.endsWith(`.${domain.zoneName}`)) {
    problems.push([
      ['domain', 'name'],
      `must be inside the hosted zone ${domain.zoneName} (that name itself or one under it)`,
    ]);
  }
  if (authDomainName(domain.name).length > DNS_NAME_MAX)
    problems.push([
      ['domain', 'name'],
      `is too long: the hosted UI's ${authDomainName('<name>')} must fit in ${DNS_NAME_MAX} characters`,
    ]);
  return problems;
}

/** The values of a stage that are samples, each with its field: a deployable stage may hold none. */
function placeholdersOf(settings: z.output<typeof baseShape>): Problem[] {
  const reserved = (address: string) => RESERVED_DOMAIN.test(domainOf(address));
  const problems: Problem[] = [];
  if (isSampleAccount(settings.account))
    problems.push([['account'], 'is a sample account id: a deployable stage names its real account']);
  if (settings.alarmEmail === undefined)
    problems.push([['alarmEmail'], 'must be set on a deployable stage: alarms need someone to reach']);
  else if (reserved(settings.alarmEmail))
    problems.push([['alarmEmail'], 'is a reserved example address: no alarm would ever arrive']);
  if (settings.ses && reserved(settings.ses.fromEmail))
    problems.push([['ses', 'fromEmail'], 'is a reserved example address']);
  if (settings.ses && RESERVED_DOMAIN.test(settings.ses.identity))
    problems.push([['ses', 'identity'], 'is a reserved example domain']);
  const copyAccount = accountOfVault(settings.backupCopy?.vaultArn);
  if (copyAccount && isSampleAccount(copyAccount))
    problems.push([
      ['backupCopy', 'vaultArn'],
      'is in a sample account: a deployable stage copies to its real second account',
    ]);
  if (settings.domain && RESERVED_DOMAIN.test(settings.domain.zoneName))
    problems.push([['domain', 'zoneName'], 'is a reserved example domain: no one could reach the site there']);
  if (settings.clientAgreement && RESERVED_DOMAIN.test(hostOf(settings.clientAgreement.url)))
    problems.push([
      ['clientAgreement', 'url'],
      "is a placeholder: a deployable stage links to the firm's own agreement",
    ]);
  return [...problems, ...firmPlaceholders(settings.firm)];
}

/** A sample's marks in the firm's words: angle-bracket fill-ins (`<firm name>`), demo or sample wording. */
const SAMPLE_TEXT = /[<>]|\b(?:demo|sample|placeholder|lorem)\b/i;
const hostOf = (url: string) => /^https:\/\/([^/?#:]+)/.exec(url)?.[1] ?? '';

/** What a deployable stage's footer may not be: missing, a sample's, or marked as a demo. */
function firmPlaceholders(firm: z.output<typeof firmSettings> | undefined): Problem[] {
  if (firm === undefined) {
    return [
      [
        ['firm'],
        "must be set on a deployable stage: every page shows the firm's legal name, risk disclosure, terms, privacy notice and support contact",
      ],
    ];
  }
  const problems: Problem[] = [];
  for (const key of ['legalName', 'riskDisclosure', 'supportPhone'] as const) {
    const text = firm[key];
    if (text !== undefined && SAMPLE_TEXT.test(text))
      problems.push([['firm', key], "is a placeholder: a deployable stage shows the firm's own words"]);
  }
  for (const key of ['termsUrl', 'privacyUrl'] as const) {
    if (RESERVED_DOMAIN.test(hostOf(firm[key])) || SAMPLE_TEXT.test(firm[key]))
      problems.push([['firm', key], "is a placeholder: a deployable stage links to the firm's own page"]);
  }
  if (RESERVED_DOMAIN.test(domainOf(firm.supportEmail)) || SAMPLE_TEXT.test(firm.supportEmail))
    problems.push([['firm', 'supportEmail'], 'is a reserved example address: no client could reach the firm']);
  if (firm.demoNotice !== undefined)
    problems.push([['firm', 'demoNotice'], 'must not be set on a deployable stage: its firm is not a demo']);
  return problems;
}

export type StageSettings = z.input<typeof settingsSchema>;

export interface StageConfig extends z.output<typeof settingsSchema> {
  /** The stage's name, part of every name that must be unique (`dev`, `prod`...). */
  stage: string;
}

/** Picks and checks one stage; every problem is reported at once, each with its field. */
export function resolveStage(stage: string | undefined, stages: Record<string, StageSettings>): StageConfig {
  const known = Object.keys(stages).join(', ');
  if (!stage) throw new Error(`Choose a stage: -c stage=<name> or AURUM_STAGE=<name> (one of: ${known}).`);
  const settings = stages[stage];
  if (!settings) throw new Error(`Unknown stage '${stage}': infra/stages.ts defines ${known}.`);
  if (!STAGE_NAME.test(stage))
    throw new Error(`Stage name '${stage}' must be 2-12 lowercase letters or digits, starting with a letter.`);
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(stage)'}: ${i.message}`);
    throw new Error(`Stage '${stage}' in infra/stages.ts is not valid:\n${problems.join('\n')}`);
  }
  if (!parsed.data.authDomainPrefix.includes(stage)) {
    throw new Error(
      `Stage '${stage}' in infra/stages.ts is not valid:\n  authDomainPrefix: must contain the stage name '${stage}'`,
    );
  }
  return { ...parsed.data, stage };
}

/**
 * What a deploy requires of its stage (`npm run deploy` sets the `deploy` context): that it is
 * marked deployable, which resolveStage has already held to real values.
 */
export function refuseUndeployable(config: StageConfig): void {
  if (!config.deployable) {
    throw new Error(
      `Stage '${config.stage}' in infra/stages.ts is not deployable: its values are samples. Give it the firm's own account, alarm address, sender and footer (firm), then set deployable: true.`,
    );
  }
}
