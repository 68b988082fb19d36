/**
 * The stage's alarm topic, under a name fixed by the stage (`aurum-<stage>-alarms`), so a stack
 * deployed before the one that makes it (the portal stack's release alarms) can name it without a
 * CloudFormation reference between them. One per region a stage alarms in: CloudWatch alarms
 * publish only to a topic of their own region, and CloudFront's and WAF's metrics live in
 * us-east-1.
 *
 * CloudWatch cannot publish to a topic under the AWS-managed alias/aws/sns key (its policy cannot
 * be changed): the topic gets a key of its own that lets this account's alarms use it, and a topic
 * policy that lets them publish. Without both, no alarm ever reaches anyone.
 */
import { Arn, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { denyGrantsExceptForAwsResources } from './kms-policies';

/** The alarm topic's name for a stage: the same in each region the stage alarms in. */
export const alarmTopicName = (stage: string) => `aurum-${stage}-alarms`;

/** The alarm topic's ARN in the stack's own account and region, without a reference to the stack that makes it. */
export function alarmTopicArn(scope: Construct, stage: string): string {
  return Arn.format({ service: 'sns', resource: alarmTopicName(stage) }, Stack.of(scope));
}

/** The topic (construct id `id`) and its key (`${id}Key`), taking this account's CloudWatch alarms; e-mailed to `email` when given. */
export function alarmTopic(scope: Construct, id: string, props: { stage: string; email?: string }): Topic {
  const { account, partition, region } = Stack.of(scope);
  const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
  const fromThisAccount = { StringEquals: { 'aws:SourceAccount': account } };
  const key = new Key(scope, `${id}Key`, {
    description: 'Encrypts the Aurum portal alarm topic',
    enableKeyRotation: true,
  });
  denyGrantsExceptForAwsResources(key);
  key.addToResourcePolicy(
    new PolicyStatement({
      principals: [cloudWatch],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      conditions: fromThisAccount,
    }),
  );
  const topic = new Topic(scope, id, {
    topicName: alarmTopicName(props.stage),
    displayName: 'Aurum portal alarms',
    enforceSSL: true,
    masterKey: key,
  });
  topic.addToResourcePolicy(
    new PolicyStatement({
      principals: [cloudWatch],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ...fromThisAccount,
        ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
      },
    }),
  );
  if (props.email) topic.addSubscription(new EmailSubscription(props.email));
  return topic;
}
