/**
 * The dead-letter queue of a function or state machine: what failed for good is kept there two
 * weeks, encrypted and reached over TLS only. Being itself where failures end, it has no
 * dead-letter queue of its own, which the checks that ask for one are told.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledgeGuard } from './guard-rules';

/** A queue (construct id `DeadLetters`); `reason` says, for the acknowledgements, whose dead-letter queue it is. */
export function deadLetterQueue(scope: Construct, reason: string): Queue {
  const queue = new Queue(scope, 'DeadLetters', {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason });
  acknowledgeGuard(queue, { control: 'CT.SQS.PR.1', reason });
  return queue;
}
