/**
 * The settings a Lambda runs with (settings.ts: from its environment in AWS, given explicitly by
 * the local stack), read when used.
 */
import { runtimeSettings } from './runtime';
import type { ClientAgreement } from '../../../shared/client-agreement';
import type { ClientSignUp } from '../../../shared/client-sign-up';
import type { FirmDetails } from '../../../shared/site-config';

/** A setting only some functions have: read where it is not set, it throws, naming its variable. */
function required<T>(value: T | undefined, variable: string): T {
  if (value === undefined) throw new Error(`${variable} is not set`);
  return value;
}

export const config = {
  get tableName(): string {
    return runtimeSettings().tableName;
  },
  /** Only the functions that write or link the balances exports have the bucket. */
  get exportsBucket(): string {
    return required(runtimeSettings().exportsBucket, 'EXPORTS_BUCKET');
  },
  /** Only the functions that write or link clients' documents have their bucket. */
  get documentsBucket(): string {
    return required(runtimeSettings().documentsBucket, 'DOCUMENTS_BUCKET');
  },
  /** Only the route that starts an export names the exporter. */
  get exporterFunction(): string {
    return required(runtimeSettings().exporterFunction, 'BALANCES_EXPORTER');
  },
  /** A function that never manages users has no pool. */
  get userPoolId(): string {
    return required(runtimeSettings().userPoolId, 'USER_POOL_ID');
  },
  /**
   * How long a confirmed administrator is trusted before Cognito is asked again: at most a
   * minute, so a removed admin is refused within one. Tests shorten it.
   */
  get adminRecheckMs(): number {
    return runtimeSettings().adminRecheckMs;
  },
  /** The money-moving functions have it, and a missing one must never mean "no limit". */
  get fourEyesThresholdCents(): number {
    return required(runtimeSettings().fourEyesThresholdCents, 'FOUR_EYES_THRESHOLD_CENTS');
  },
  /** Read with the threshold on every money move: a missing limit must never mean "no limit" either. */
  get adminDailyLimitCents(): number {
    return required(runtimeSettings().adminDailyLimitCents, 'ADMIN_DAILY_LIMIT_CENTS');
  },
  /** The function that closes accounts has it; a missing one must never mean records kept for no time. */
  get recordYears(): number {
    return required(runtimeSettings().recordYears, 'RECORD_YEARS');
  },
  /** The function that sets payout accounts has it; a missing one must never mean no cooling-off. */
  get payoutCoolingOffHours(): number {
    return required(runtimeSettings().payoutCoolingOffHours, 'PAYOUT_COOLING_OFF_HOURS');
  },
  /**
   * The client agreement clients must accept (AGREEMENT_VERSION, AGREEMENT_URL), on the functions
   * that show, record or check it; undefined where the stage sets none, which then asks for none.
   */
  get clientAgreement(): ClientAgreement | undefined {
    const { agreementVersion: version, agreementUrl: url } = runtimeSettings();
    return version === undefined || url === undefined ? undefined : { version, url };
  },
  /** The functions that create profiles have it; a missing one must never mean sign-up without review. */
  get clientSignUp(): ClientSignUp {
    return required(runtimeSettings().clientSignUp, 'CLIENT_SIGN_UP');
  },
  /** The function that reads a portfolio has them (none where the stage gives none); elsewhere reading them throws. */
  get fundingInstructions(): readonly string[] {
    return required(runtimeSettings().fundingInstructions, 'FUNDING_INSTRUCTIONS');
  },
  /** The functions that write clients' documents have the firm's details; elsewhere reading them throws. */
  get firm(): FirmDetails {
    return required(runtimeSettings().firm, 'FIRM_DETAILS');
  },
  /**
   * Whether only passkey sessions get admin power: the functions that decide admin power have it,
   * and a missing one must never mean "not required" where a stage requires it.
   */
  get adminPasskeyRequired(): boolean {
    return required(runtimeSettings().adminPasskeyRequired, 'ADMIN_PASSKEY_REQUIRED');
  },
  /** The site's public origin, for links in e-mails. */
  get siteUrl(): string {
    return runtimeSettings().siteUrl;
  },
};
