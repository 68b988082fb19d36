/**
 * What the infra tests read from a synthesized stage: resources by type, the one resource of a
 * type, a function by its description, the IAM statements its role is given, and the files of a
 * staged asset. One copy for every assertion file.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { projectContext } from './project-context';
import { buildStage } from '../stage';
import type { StageConfig } from '../stage-config';

/** The product's functions that serve no route: the four Cognito triggers, the weekly job, the notifier, the balances exporter, and the activity sealer (the monthly statements job is the operations stack's). */
export const FUNCTIONS_BESIDE_ROUTES = 8;

export type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
export type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
};

/** A stage as `cdk deploy` synthesizes it (cdk.json's context), without bundling the Lambdas: its constructs and templates. */
export function synthStage(config: StageConfig, webDist?: string) {
  countSynth('direct');
  return synthesize(config, webDist);
}

function synthesize(config: StageConfig, webDist?: string) {
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

/** The four templates of a synthesized stage, as the assertion files read them. */
export interface StageTemplates {
  template: Template;
  edgeTemplate: Template | undefined;
  operationsTemplate: Template;
  edgeAlarmsTemplate: Template | undefined;
}

type StageJson = { [K in keyof StageTemplates]: unknown };

/** Set by the infra project's global setup (template-cache-setup.ts) for one run, and removed after it. */
export const TEMPLATE_CACHE_ENV = 'AURUM_TEMPLATE_CACHE';

/** Object keys sorted at every depth: the same config spelled in another order is the same stage. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** The name a stage's templates are kept under: the config's exact content, whatever order it was written in. */
export const stageKey = (config: StageConfig) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(config)))
    .digest('hex')
    .slice(0, 32);

const synthesizedHere = new Map<string, string>();

/** The run's log of synths, one line each, that the global teardown sums up: what sharing saves, counted. */
export const SYNTH_LOG = 'synths.log';
function countSynth(kind: 'asked' | 'synthesized' | 'direct', key = ''): void {
  const dir = process.env[TEMPLATE_CACHE_ENV];
  if (dir) appendFileSync(join(dir, SYNTH_LOG), `${kind} ${key}\n`);
}

/**
 * The templates of a stage as `synthStage` makes them, synthesized once per test run for each
 * distinct config: every infra test file asks for the same few stages, and a synth takes seconds.
 * The run's cache folder is created empty by the project's global setup and removed when the run
 * ends, so no template outlives the code that made it; outside such a run, a process keeps its own.
 */
export function stageTemplates(config: StageConfig): StageTemplates {
  const key = stageKey(config);
  countSynth('asked', key);
  const dir = process.env[TEMPLATE_CACHE_ENV];
  const file = dir ? join(dir, `${key}.json`) : undefined;
  let json = synthesizedHere.get(key) ?? (file && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  if (json === undefined) {
    countSynth('synthesized', key);
    const built = synthesize(config);
    const templates: StageJson = {
      template: built.template.toJSON(),
      edgeTemplate: built.edgeTemplate?.toJSON(),
      operationsTemplate: built.operationsTemplate.toJSON(),
      edgeAlarmsTemplate: built.edgeAlarmsTemplate?.toJSON(),
    };
    json = JSON.stringify(templates);
    if (file) {
      // Written whole, then renamed: another worker reading the same stage never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, json);
      renameSync(partial, file);
    }
  }
  synthesizedHere.set(key, json);
  const parsed = JSON.parse(json) as StageJson;
  const read = (t: unknown) => (t === undefined ? undefined : Template.fromJSON(t as Record<string, unknown>));
  return {
    template: read(parsed.template) as Template,
    edgeTemplate: read(parsed.edgeTemplate),
    operationsTemplate: read(parsed.operationsTemplate) as Template,
    edgeAlarmsTemplate: read(parsed.edgeAlarmsTemplate),
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
    const inline = ((role.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[]).flatMap(
      (p) => p.PolicyDocument.Statement,
    );
    const attached = ofType('AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    return [...inline, ...attached];
  }

  return { all, ofType, functionDescribed, statementsOf, statementsOfRole };
}

/**
 * The one resource of a type in a template, with its logical id: fails naming the type and what
 * it found when there is none, or several, or no template at all (a stage without that stack).
 */
export function only(template: Template | undefined, type: string): [string, Resource] {
  const found = template ? templateReader(template).ofType(type) : [];
  const [one] = found;
  if (found.length !== 1 || !one) {
    const where = template
      ? `found ${found.length}${found.length ? ` (${found.map(([id]) => id).join(', ')})` : ''}`
      : 'no template';
    throw new Error(`expected exactly one ${type}, ${where}`);
  }
  return one;
}

/** The files under a directory (a staged asset), as paths relative to it; none when it is absent. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}
