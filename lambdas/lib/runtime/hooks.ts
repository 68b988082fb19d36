/**
 * What the local stack (infra/local/stack/handler-runtime.ts) puts in place of AWS when it runs
 * the handlers in its own process: its IAM check on the DynamoDB client, its mailbox for SES, an
 * in-process run for Lambda's asynchronous invocation, and its store of the origin secret for
 * Secrets Manager. In AWS there are none.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One e-mail as the notifier sends it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The origin secret's values: the current one and, after a rotation, the one before it. */
export interface SecretVersions {
  current: string;
  /** The value before the last rotation, while it may still be in use. */
  previous?: string;
}

/** Where the origin secret's values come from: Secrets Manager in AWS, a store of the local stack's. */
export type SecretSource = () => Promise<SecretVersions>;

/** The hooks configureRuntime takes (runtime.ts), each absent in AWS. */
export interface RuntimeHooks {
  /**
   * Called with each DynamoDB client as it is created, before its first request: the local
   * stack installs its IAM check here, so the check is on whichever client the handlers use.
   */
  onDynamoClient?: (client: DynamoDBDocumentClient) => void;
  /**
   * Sends the notifier's e-mails instead of SES: the local stack delivers them to its mailbox.
   * Absent in AWS. A rejection is a failed send (the notifier retries it).
   */
  mailer?: (mail: OutgoingMail) => Promise<void>;
  /**
   * Starts the balances exporter on an export without waiting for it, as Lambda's asynchronous
   * invocation does in AWS: the local stack runs it in its own process. Absent in AWS.
   */
  startExporter?: (exportId: string) => void;
  /** Where the origin secret's values come from instead of Secrets Manager: the local stack's store. */
  originSecrets?: SecretSource;
}
