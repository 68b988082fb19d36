/**
 * The edge's alarms for a stage outside us-east-1 (edge-alarms.ts): CloudFront's and WAF's
 * metrics are published there only, and an alarm publishes only to a topic of its own region, so
 * this small stack in us-east-1 holds the two alarms and the stage's alarm topic of that region
 * (the same name, aurum-<stage>-alarms, e-mailed to the same address). It is deployed after the
 * portal stack, whose distribution's id it reads through CDK's cross-region references.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { alarmTopic } from './alarm-topic';
import { EdgeAlarms } from './edge-alarms';

export interface EdgeAlarmsStackProps extends StackProps {
  stage: string;
  alarmEmail?: string;
  distributionId: string;
  webAclMetricName: string;
}

export class EdgeAlarmsStack extends Stack {
  readonly alarms: EdgeAlarms;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    const topic = alarmTopic(this, 'AlarmTopic', { stage: props.stage, email: props.alarmEmail });
    this.alarms = new EdgeAlarms(this, 'EdgeAlarms', {
      distributionId: props.distributionId,
      webAclMetricName: props.webAclMetricName,
      topic,
    });
  }
}
