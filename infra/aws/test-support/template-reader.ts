/**
 * What the infra tests read from a synthesized stage: resources by type, a function by its
 * description, the IAM statements its role is given, and the files of a staged asset. One copy
 * for every assertion file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { projectContext } from './project-context';
import { buildStage } from './stage';
import type { StageConfig } from './stage-config';

/** The product's functions that serve no route: the four Cognito triggers, the weekly job, the notifier, the balances exporter and the activity sealer. */
export const FUNCTIONS_BESIDE_ROUTES = 8;

export type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[]; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };

/** A stage as `cdk deploy` synthesizes it (cdk.json's context), without bundling the Lambdas. */
export function synthStage(config: StageConfig, webDist?: string) {
  const app = new App({ context: projectContext() });
  const stage = buildStage(app, config, { webDist });
  return {
    app,
    ...stage,
    template: Template.fromStack(stage.portal),
    edgeTemplate: stage.edge ? Template.fromStack(stage.edge) : undefined,
    operationsTemplate: Template.fromStack(stage.operations),
    edgeAlarmsTemplate: stage.edgeAlarms ? Template.fromStack(stage.edgeAlarms) : undefined,
  };
}

export function templateReader(template: Template) {
  const all = () => template.toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) => Object.entries(all()).filter(([, r]) => r.Type === type);

  /** The function serving a route (`GET /api/...`), or one of ours, by its description. */
  function functionDescribed(description: string): [string, Resource] {
    const found = ofType('AWS::Lambda::Function').find(([, r]) => r.Properties.Description === description);
    if (!found) throw new Error(`no function described ${description}`);
    return found;
  }

  /** Every statement of the policies attached to a function's role, inline ones included. */
  function statementsOf(functionId: string): Statement[] {
    const fn = all()[functionId] as Resource;
    return statementsOfRole((fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
  }

  /** Every statement of the policies attached to a role, inline ones included. */
  function statementsOfRole(roleId: string): Statement[] {
    const role = all()[roleId] as Resource;
    const inline = ((role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((p) => p.PolicyDocument.Statement);
    const attached = ofType('AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    return [...inline, ...attached];
  }

  return { all, ofType, functionDescribed, statementsOf, statementsOfRole };
}

/** The files under a directory (a staged asset), as paths relative to it; none when it is absent. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}
