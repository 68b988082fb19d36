/**
 * The pieces both web ACLs of the product (the site's, the user pool's) are built of: the ACL
 * itself, which lets through what no rule blocks, and the statements and rules they both use.
 */
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { wafVisibility } from './waf-visibility';

/** A web ACL (construct id `Acl`) that allows what no rule blocks, its metrics under `metricName`. */
export function allowingWebAcl(
  scope: Construct,
  props: { scope: 'CLOUDFRONT' | 'REGIONAL'; description: string; metricName: string; rules: CfnWebACL.RuleProperty[] },
): CfnWebACL {
  return new CfnWebACL(scope, 'Acl', {
    scope: props.scope,
    description: props.description,
    defaultAction: { allow: {} },
    visibilityConfig: wafVisibility(props.metricName),
    rules: props.rules,
  });
}

/** A part of the request (`fieldToMatch`) matches `searchString` as `positionalConstraint` says, after `transformation`. */
export function byteMatch(
  fieldToMatch: CfnWebACL.FieldToMatchProperty,
  positionalConstraint: 'EXACTLY' | 'CONTAINS' | 'STARTS_WITH' | 'ENDS_WITH',
  searchString: string,
  transformation: 'NONE' | 'LOWERCASE' = 'NONE',
): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch,
      positionalConstraint,
      searchString,
      textTransformations: [{ priority: 0, type: transformation }],
    },
  };
}

/** Counts per IP the requests `scopeDownStatement` matches: more than `rate` allows in its window, and the rule applies. */
export function ratePerIp(
  rate: { limit: number; windowSeconds: number },
  scopeDownStatement: CfnWebACL.StatementProperty,
): CfnWebACL.StatementProperty {
  return {
    rateBasedStatement: {
      limit: rate.limit,
      evaluationWindowSec: rate.windowSeconds,
      aggregateKeyType: 'IP',
      scopeDownStatement,
    },
  };
}

/** How a managed rule group is narrowed: rules of its own that only count, and the requests it looks at. */
export interface ManagedRuleOptions {
  countOnly?: readonly string[];
  scopeDownStatement?: CfnWebACL.StatementProperty;
}

/** A rule that runs one of AWS's managed rule groups (`group`), its metrics under `metricName`: as it is, or narrowed by `options`. */
export function awsManagedRule(
  name: string,
  group: string,
  priority: number,
  metricName: string,
  options: ManagedRuleOptions = {},
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: group,
        ...(options.countOnly?.length
          ? { ruleActionOverrides: options.countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
          : {}),
        ...(options.scopeDownStatement ? { scopeDownStatement: options.scopeDownStatement } : {}),
      },
    },
    visibilityConfig: wafVisibility(metricName),
  };
}
