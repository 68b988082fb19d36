/**
 * The typed, validated settings of one stage (the values live in `infra/stages.ts`). A missing
 * or malformed value stops the synth with a message naming the stage and the field, before
 * anything reaches CloudFormation.
 */
import { z } from 'zod';

const STAGE_NAME = /^[a-z][a-z0-9]{1,11}$/;
const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address');

/** Funding instructions fit a phone's card: a few short lines. */
export const FUNDING_LINES_MAX = 8;
export const FUNDING_LINE_MAX_CHARS = 120;
const fundingLine = z
  .string()
  .trim()
  .min(1, 'each line must have text')
  .max(FUNDING_LINE_MAX_CHARS, `each line must be at most ${FUNDING_LINE_MAX_CHARS} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'each line must be one line of plain text (no line breaks or control characters)');

const settingsSchema = z
  .object({
    /** The AWS account and region this stage lives in: a deploy with other credentials fails. */
    account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id'),
    region: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'must be an AWS region such as eu-west-1'),
    stackName: z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, 'must be a CloudFormation stack name (letters, digits, hyphens)'),
    /**
     * The Cognito hosted-UI domain prefix, unique across all of AWS in its region: it must carry
     * the stage's name so a second stage in the same account never collides.
     */
    authDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lowercase letters, digits and hyphens (at most 63)')
      .refine((p) => !/aws|amazon|cognito/.test(p), "must not contain 'aws', 'amazon' or 'cognito' (Cognito refuses them)"),
    google: z
      .object({
        clientId: z.string().regex(/^[\w.-]+\.apps\.googleusercontent\.com$/, 'must end in .apps.googleusercontent.com'),
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
      .number({ error: (issue) => (issue.input === undefined ? 'must be set: the four-eyes threshold in whole dollars' : 'must be a number of whole dollars') })
      .int('must be whole dollars')
      .positive('must be more than 0')
      .refine((dollars) => Number.isSafeInteger(dollars * 100), 'is too large to count in cents'),
    /**
     * How a client funds the account, shown on a new client's empty dashboard (config.json's
     * fundingInstructions): bank, account holder, account number, the reference to give.
     */
    fundingInstructions: z.array(fundingLine).max(FUNDING_LINES_MAX, `must be at most ${FUNDING_LINES_MAX} lines`).optional(),
  })
  .strict();

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
  if (!STAGE_NAME.test(stage)) throw new Error(`Stage name '${stage}' must be 2-12 lowercase letters or digits, starting with a letter.`);
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(stage)'}: ${i.message}`);
    throw new Error(`Stage '${stage}' in infra/stages.ts is not valid:\n${problems.join('\n')}`);
  }
  if (!parsed.data.authDomainPrefix.includes(stage)) {
    throw new Error(`Stage '${stage}' in infra/stages.ts is not valid:\n  authDomainPrefix: must contain the stage name '${stage}'`);
  }
  return { ...parsed.data, stage };
}
