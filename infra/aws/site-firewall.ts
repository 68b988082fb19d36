/**
 * The WAF web ACL in front of CloudFront: AWS's managed common, known-bad-inputs, IP-reputation
 * and anonymous-IP rules for everything, and per-IP rate limits on the API, which count until the
 * stage says they block (waf-rate-rules.ts). Every request is logged (waf-logging.ts). CloudFront's
 * web ACLs live in us-east-1 whatever the stack's region (infra/aws/stage.ts places it).
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { wafVisibility } from './waf-visibility';
import { allowingWebAcl, awsManagedRule, byteMatch, ratePerIp } from './waf-rules';
import { WafLogging } from './waf-logging';
import { rateRuleAction, rateRuleMode } from './waf-rate-rules';

/** API requests one IP may make per window before it is blocked (or counted) until its rate falls. */
export const API_RATE_PER_IP = { limit: 1000, windowSeconds: 300 };

/**
 * The heavy routes (whole-book list, statements, histories, alerts) have low shared throttles
 * in API Gateway: one IP may use only a small share of them, so no client can lock admins out.
 */
export const HEAVY_API_RATE_PER_IP = { limit: 60, windowSeconds: 300 };
export const HEAVY_API_PATHS: readonly { match: 'EXACTLY' | 'CONTAINS' | 'STARTS_WITH' | 'ENDS_WITH'; path: string }[] =
  [
    { match: 'EXACTLY', path: '/api/admin/clients' },
    { match: 'STARTS_WITH', path: '/api/admin/withdrawal-alerts' },
    { match: 'ENDS_WITH', path: '/statement' },
    // Starting a balances export (it reads the book in the background); asking after one is a GetItem, not counted.
    { match: 'EXACTLY', path: '/api/admin/statements/balances/exports' },
    { match: 'CONTAINS', path: '/history' },
  ];

export const SITE_MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  // Addresses seen in attacks, bots and scanners.
  'AWSManagedRulesAmazonIpReputationList',
  // Tor, VPNs and open proxies: where someone hides who is trying clients' passwords.
  'AWSManagedRulesAnonymousIpList',
] as const;

/**
 * Rules of the managed groups that only count: requests from cloud hosting providers include the
 * pipeline's smoke test and firms' own cloud desktops, so they are watched, not refused.
 */
export const SITE_COUNT_ONLY_RULES: Partial<Record<(typeof SITE_MANAGED_RULE_GROUPS)[number], readonly string[]>> = {
  AWSManagedRulesAnonymousIpList: ['HostingProviderIPList'],
};

export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly logging: WafLogging;

  constructor(scope: Construct, id: string, props: { metricPrefix: string; stage: string }) {
    super(scope, id);
    const visibility = (name: string) => wafVisibility(`${props.metricPrefix}-${name}`);
    const rateAction = rateRuleAction(rateRuleMode(this, props.stage));
    const rules: CfnWebACL.RuleProperty[] = [
      ...SITE_MANAGED_RULE_GROUPS.map((name, priority) =>
        awsManagedRule(name, name, priority, `${props.metricPrefix}-${name}`, {
          countOnly: SITE_COUNT_ONLY_RULES[name],
        }),
      ),
      {
        name: 'ApiRatePerIp',
        priority: SITE_MANAGED_RULE_GROUPS.length,
        action: rateAction,
        statement: ratePerIp(API_RATE_PER_IP, byteMatch({ uriPath: {} }, 'STARTS_WITH', '/api/')),
        visibilityConfig: visibility('api-rate'),
      },
      {
        name: 'HeavyApiRatePerIp',
        priority: SITE_MANAGED_RULE_GROUPS.length + 1,
        action: rateAction,
        statement: ratePerIp(HEAVY_API_RATE_PER_IP, {
          orStatement: {
            statements: HEAVY_API_PATHS.map(({ match, path }) => byteMatch({ uriPath: {} }, match, path)),
          },
        }),
        visibilityConfig: visibility('heavy-api-rate'),
      },
    ];
    this.webAcl = allowingWebAcl(this, {
      scope: 'CLOUDFRONT',
      description: 'Aurum client portal: CloudFront, the site and the API',
      metricName: `${props.metricPrefix}-site`,
      rules,
    });
    this.logging = new WafLogging(this, 'Logging', { webAcl: this.webAcl, name: `${props.metricPrefix}-site` });
  }
}
