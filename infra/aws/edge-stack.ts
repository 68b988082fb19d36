/**
 * What CloudFront needs from us-east-1 when the product lives in another region: its WAF web
 * ACL and, when the stage has its own domain, the certificate of the site and the hosted UI
 * (custom-domain.ts). The main stack reads their ARNs through CDK's cross-region references.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';
import { DomainCertificate, type DomainSetting } from './custom-domain';
import { SiteFirewall } from './site-firewall';

export interface EdgeStackProps extends StackProps {
  metricPrefix: string;
  /** The stage's name: whether its rate rules count or block (waf-rate-rules.ts). */
  stage: string;
  /** The stage's own domain, whose certificate is made here. */
  domain?: DomainSetting;
}

export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;
  /** Present when the stage has its own domain. */
  readonly certificate?: ICertificate;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'SiteFirewall', { metricPrefix: props.metricPrefix, stage: props.stage });
    if (props.domain) this.certificate = new DomainCertificate(this, 'SiteDomain', props.domain).certificate;
  }
}
