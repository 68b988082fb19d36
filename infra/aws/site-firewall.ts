/**
 * The WAF web ACL in front of CloudFront: AWS's managed common and known-bad-inputs rules for
 * everything, and a per-IP rate limit on the API. CloudFront's web ACLs live in us-east-1
 * whatever the stack's region (infra/aws/stage.ts places it).
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { wafVisibility } from './waf-visibility';
import { allowingWebAcl, awsManagedRule, byteMatch, ratePerIp } from './waf-rules';

/** API requests one IP may make per window before it is blocked until its rate falls. */
export const API_RATE_PER_IP = { limit: 1000, windowSeconds: 300 };

/**
 * The heavy routes (whole-book list, statements, histories, alerts) have low shared throttles
 * in API Gateway: one IP may use only a small share of them, so no client can lock admins out.
 */
export const HEAVY_API_RATE_PER_IP = { limit: 60, windowSeconds: 300 };
export const HEAVY_API_PATHS: readonly { match: 'EXACTLY' | 'CONTAINS' | 'STARTS_WITH' | 'ENDS_WITH'; path: string }[] = [
  { match: 'EXACTLY', path: '/api/admin/clients' },
  { match: 'STARTS_WITH', path: '/api/admin/withdrawal-alerts' },
  { match: 'ENDS_WITH', path: '/statement' },
  // Starting a balances export (it reads the book in the background); asking after one is a GetItem, not counted.
  { match: 'EXACTLY', path: '/api/admin/statements/balances/exports' },
  { match: 'CONTAINS', path: '/history' },
];

export const SITE_MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { metricPrefix: string }) {
    super(scope, id);
    const visibility = (name: string) => wafVisibility(`${props.metricPrefix}-${name}`);
    const rules: CfnWebACL.RuleProperty[] = [
      ...SITE_MANAGED_RULE_GROUPS.map((name, priority) => awsManagedRule(name, name, priority, `${props.metricPrefix}-${name}`)),
      {
        name: 'ApiRatePerIp',
        priority: SITE_MANAGED_RULE_GROUPS.length,
        action: { block: {} },
        statement: ratePerIp(API_RATE_PER_IP, byteMatch({ uriPath: {} }, 'STARTS_WITH', '/api/')),
        visibilityConfig: visibility('api-rate'),
      },
      {
        name: 'HeavyApiRatePerIp',
        priority: SITE_MANAGED_RULE_GROUPS.length + 1,
        action: { block: {} },
        statement: ratePerIp(HEAVY_API_RATE_PER_IP, { orStatement: { statements: HEAVY_API_PATHS.map(({ match, path }) => byteMatch({ uriPath: {} }, match, path)) } }),
        visibilityConfig: visibility('heavy-api-rate'),
      },
    ];
    this.webAcl = allowingWebAcl(this, { scope: 'CLOUDFRONT', description: 'Aurum client portal: CloudFront, the site and the API', metricName: `${props.metricPrefix}-site`, rules });
  }
}
