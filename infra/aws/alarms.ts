/** Alarms an operator is told about: API 5xx, any Lambda error, anything in the job's dead-letter queue. */
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AlarmsProps {
  api: HttpApi;
  functions: Record<string, IFunction>;
  deadLetters: IQueue;
  /** Where alarms are e-mailed, when given. */
  email?: string;
}

export class PortalAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    // CloudWatch cannot publish to a topic under the AWS-managed alias/aws/sns key (its policy
    // cannot be changed): the topic gets a key of its own that lets this account's alarms use it,
    // and a topic policy that lets them publish. Without both, no alarm ever reaches anyone.
    const { account, partition, region } = Stack.of(this);
    const cloudWatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    const fromThisAccount = { StringEquals: { 'aws:SourceAccount': account } };
    const key = new Key(this, 'TopicKey', { description: 'Encrypts the Aurum portal alarm topic', enableKeyRotation: true });
    key.addToResourcePolicy(
      new PolicyStatement({ principals: [cloudWatch], actions: ['kms:Decrypt', 'kms:GenerateDataKey*'], resources: ['*'], conditions: fromThisAccount }),
    );
    this.topic = new Topic(this, 'Topic', { displayName: 'Aurum portal alarms', enforceSSL: true, masterKey: key });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [cloudWatch],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { ...fromThisAccount, ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` } },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);
    // Every alarm here fires on one breaching 5-minute period and stays quiet without data.
    const alarm = (id: string, alarmDescription: string, metric: IMetric, threshold: number) =>
      new Alarm(this, id, {
        alarmDescription,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);

    alarm('Api5xx', 'The API answered 5xx', props.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }), 5);
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Errors`, `${name} failed`, fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }), 1);
    }
    alarm(
      'WeeklyGrowthDeadLetters',
      'A weekly growth run failed after its retries',
      props.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      1,
    );
  }
}
