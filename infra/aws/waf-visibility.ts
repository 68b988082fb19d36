/** Every web ACL and rule of the product reports metrics and keeps sampled requests, under its own name. */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';

export const wafVisibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});
