/**
 * The AWS Control Tower proactive controls (cfn-guard, bundled by @cdklabs/cdk-validator-cfnguard)
 * run on one stack's synthesized template, returned as data for a test to assert on. Offline: the
 * package ships the cfn-guard binary and the rules.
 *
 * A finding is acknowledged for one resource with CloudFormation metadata, the cfn-guard
 * convention, naming the guard rule or the control:
 *   (bucket.node.defaultChild as CfnResource).addMetadata('guard', { SuppressedRules: ['CT.S3.PR.11'] });
 * This module applies that itself: the Control Tower rules never read it.
 */
import { readFileSync } from 'node:fs';
import { CfnGuardValidator, type CfnGuardValidatorProps } from '@cdklabs/cdk-validator-cfnguard';
import { type Stack, Stage } from 'aws-cdk-lib';

export interface GuardFinding {
  /** The guard rule, e.g. s3_bucket_versioning_enabled_check. */
  rule: string;
  /** The Control Tower control, e.g. CT.S3.PR.11 (absent for a rule not written in that style). */
  control?: string;
  /** The resource's logical id; '' when cfn-guard names none (see below). */
  resource: string;
  type: string;
  message: string;
  fix: string;
}

interface TemplateJson {
  Resources?: Record<string, { Type?: string; Metadata?: { guard?: { SuppressedRules?: unknown } } }>;
}

/**
 * Findings sorted by rule then resource, one per (rule, resource). `props` go to the validator:
 * `disabledRules` names rule files (e.g. 'ct-s3-pr-11') and turns a control off for every resource.
 * The app's synthesis is cached (Template.fromStack reuses it too), so suppressions must be added
 * before the first of them.
 */
export function guardFindings(stack: Stack, props: CfnGuardValidatorProps = {}): GuardFinding[] {
  const stage = Stage.of(stack);
  if (!stage) throw new Error(`${stack.node.path} is not in an App or Stage`);
  const templatePath = stage.synth().getStackArtifact(stack.artifactId).templateFullPath;
  const resources = (JSON.parse(readFileSync(templatePath, 'utf8')) as TemplateJson).Resources ?? {};

  // This stack's JSON report is already over Node's 1 MiB default for a child's output.
  const validator = new CfnGuardValidator({ maxBuffer: 64 * 1024 * 1024, ...props });
  const report = validator.validate({ templatePaths: [templatePath], appConstruct: stage });

  const findings = new Map<string, GuardFinding>();
  // Some rules also report their failed top-level clause at path "", so with no logical id: noise
  // beside a resource the rule names (even a suppressed one), but kept when it names none.
  const named = new Set<string>();
  for (const violation of report.violations) {
    // Control Tower descriptions read "[CT.S3.PR.11]: Require ...".
    const described = /^\[([^\]]+)\]:\s*(.*)$/s.exec(violation.description);
    for (const { resourceLogicalId } of violation.violatingResources) {
      const resource = resourceLogicalId || '';
      if (resource !== '') named.add(violation.ruleName);
      const key = `${violation.ruleName}\u0000${resource}`;
      if (findings.has(key)) continue;
      const suppressed = resources[resource]?.Metadata?.guard?.SuppressedRules;
      const names = [violation.ruleName, described?.[1]];
      if (Array.isArray(suppressed) && names.some((name) => name !== undefined && suppressed.includes(name))) continue;
      findings.set(key, {
        rule: violation.ruleName,
        ...(described?.[1] === undefined ? {} : { control: described[1] }),
        resource,
        type: resources[resource]?.Type ?? '',
        message: described?.[2] ?? violation.description,
        fix: violation.fix ?? '',
      });
    }
  }
  return [...findings.values()]
    .filter((f) => f.resource !== '' || !named.has(f.rule))
    .sort((a, b) => compare(a.rule, b.rule) || compare(a.resource, b.resource));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
