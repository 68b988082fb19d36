/**
 * What CloudFront needs from us-east-1 when the product lives in another region: its WAF web
 * ACL. The main stack reads the ACL's ARN through CDK's cross-region references.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { SiteFirewall } from './site-firewall';

export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;

  constructor(scope: Construct, id: string, props: StackProps & { metricPrefix: string }) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'SiteFirewall', { metricPrefix: props.metricPrefix });
  }
}
