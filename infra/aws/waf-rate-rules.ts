/**
 * Whether the per-IP rate rules of a stage's web ACLs count or block. A new limit counts first:
 * clients behind one carrier NAT or office address share an IP, and a limit set too low would
 * lock them all out. Operators read what the rules counted (docs/operations.md, "WAF") and switch
 * a stage to block in cdk.json's context, committed and deployed like any change:
 *
 *   "aurum:wafRateRules": { "prod": "block" }
 *
 * A stage it does not name counts. Any other value stops the synth.
 */
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export const WAF_RATE_RULES_CONTEXT = 'aurum:wafRateRules';

export type RateRuleMode = 'count' | 'block';

export function rateRuleMode(scope: Construct, stage: string): RateRuleMode {
  const setting: unknown = scope.node.tryGetContext(WAF_RATE_RULES_CONTEXT);
  if (setting === undefined) return 'count';
  const modes = typeof setting === 'string' ? parsed(setting) : setting;
  if (modes === undefined || modes === null || typeof modes !== 'object' || Array.isArray(modes))
    throw new Error(`${WAF_RATE_RULES_CONTEXT} must map stage names to "count" or "block", e.g. { "prod": "block" }`);
  const mode: unknown = (modes as Record<string, unknown>)[stage];
  if (mode === undefined || mode === 'count' || mode === 'block') return mode ?? 'count';
  throw new Error(`${WAF_RATE_RULES_CONTEXT}.${stage} must be "count" or "block", not ${JSON.stringify(mode)}`);
}

/** A context value given on the command line (-c) arrives as text. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The action of a rate rule in that mode. */
export const rateRuleAction = (mode: RateRuleMode): CfnWebACL.RuleActionProperty =>
  mode === 'block' ? { block: {} } : { count: {} };
