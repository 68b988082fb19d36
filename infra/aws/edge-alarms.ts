/**
 * The edge's alarms: CloudFront's 5xx error rate and the site's web ACL blocking many requests.
 * CloudFront and WAF for CloudFront publish their metrics in us-east-1 only, and an alarm reads
 * metrics of its own region and publishes to a topic of its own region: so these live in
 * us-east-1 beside a topic of their own (stage.ts places them).
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/**
 * CloudFront's 5xx rate (percent of requests, the API's and the site's together) that alarms, in
 * five minutes with at least `minimumRequests` requests: a night's two requests with one failure
 * are 50%, and no reason to wake anyone.
 */
export const CLOUDFRONT_5XX_ALARM = { percent: 5, minimumRequests: 20, period: Duration.minutes(5) };

/**
 * Requests the site's web ACL blocks in five minutes that alarm. Scanners are blocked all day in
 * ones and twos; hundreds in five minutes is an attack, or a rule catching real clients (many
 * behind one address: the rate rules), which the sampled requests tell apart.
 */
export const WAF_BLOCKS_ALARM = { threshold: 200, period: Duration.minutes(5) };

/** The metrics WAF publishes for a whole web ACL carry the rule `ALL`. */
export const WAF_ALL_RULES = 'ALL';

export interface EdgeAlarmsProps {
  /** The distribution's id (the portal stack's). */
  distributionId: string;
  /** The web ACL's metric name (its VisibilityConfig.MetricName): WAF's metrics name the ACL by it. */
  webAclMetricName: string;
  topic: ITopic;
}

export class EdgeAlarms extends Construct {
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: EdgeAlarmsProps) {
    super(scope, id);
    const cdn = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period: CLOUDFRONT_5XX_ALARM.period,
      });
    const { percent, minimumRequests, period } = CLOUDFRONT_5XX_ALARM;
    const serverErrors = new Alarm(this, 'CloudFront5xxRate', {
      alarmDescription: `CloudFront answered at least ${percent}% of at least ${minimumRequests} requests in 5 minutes with 5xx (see the runbook)`,
      metric: new MathExpression({
        expression: `IF(requests >= ${minimumRequests}, errorRate, 0)`,
        usingMetrics: { requests: cdn('Requests', 'Sum'), errorRate: cdn('5xxErrorRate', 'Average') },
        label: '5xx error rate (%)',
        period,
      }),
      threshold: percent,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const blocks = new Alarm(this, 'WafBlockedRequests', {
      alarmDescription: `The site's web ACL blocked at least ${WAF_BLOCKS_ALARM.threshold} requests in 5 minutes (see the runbook)`,
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclMetricName, Rule: WAF_ALL_RULES },
        statistic: 'Sum',
        period: WAF_BLOCKS_ALARM.period,
      }),
      threshold: WAF_BLOCKS_ALARM.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarms = [serverErrors, blocks];
    const action = new SnsAction(props.topic);
    for (const alarm of this.alarms) alarm.addAlarmAction(action);
  }
}
