/**
 * Checks every resource of a synthesized template against its type's CloudFormation schema
 * (resource-schemas.ts) with Ajv: the resource's own keys (Type, Properties, DependsOn, the
 * policies) and its Properties. One validator is compiled per type and kept, so a second stage
 * of the same types costs only the validation.
 *
 * Not checked, each for its reason: custom resources (`Custom::*`,
 * `AWS::CloudFormation::CustomResource`), whose properties are whatever their function reads;
 * `AWS::CDK::Metadata`, CDK's own record, which CloudFormation's registry does not hold.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type JsonSchema, ResourceSchemas } from './resource-schemas';

/** Why a resource of this type is not checked, or undefined when it is. */
export function skipReason(type: string): string | undefined {
  if (type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource')
    return 'a custom resource: its properties are what its own function reads';
  if (type === 'AWS::CDK::Metadata') return "CDK's own record of the construct library: not a registry type";
  return undefined;
}

/** The keys CloudFormation reads on a resource, beside its Properties. */
const RESOURCE_ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['Type'],
  properties: {
    Type: { type: 'string' },
    Properties: { type: 'object' },
    DependsOn: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    Condition: { type: 'string' },
    DeletionPolicy: { enum: ['Delete', 'Retain', 'RetainExceptOnCreate', 'Snapshot'] },
    UpdateReplacePolicy: { enum: ['Delete', 'Retain', 'Snapshot'] },
    Metadata: { type: 'object' },
    CreationPolicy: { type: 'object' },
    UpdatePolicy: { type: 'object' },
  },
  additionalProperties: false,
};

export interface SchemaViolation {
  resource: string;
  type: string;
  problem: string;
}

export interface TemplateCheck {
  violations: SchemaViolation[];
  /** Logical ids of the resources checked, by type. */
  checked: Map<string, string[]>;
  /** Logical ids of the resources not checked, each with its reason. */
  skipped: { resource: string; type: string; reason: string }[];
}

type Template = { Resources?: Record<string, { Type?: unknown; Properties?: unknown }> };

export class ResourceSchemaCheck {
  // Definitions compiled once each and called, not inlined at every use: a type's validator compiles several times faster.
  private readonly ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, inlineRefs: false }));
  private readonly validators = new Map<string, ValidateFunction | undefined>();
  private readonly envelope = this.ajv.compile(RESOURCE_ENVELOPE);

  constructor(private readonly schemas = new ResourceSchemas()) {}

  /** How many types have a compiled validator. */
  get compiledTypes(): number {
    return [...this.validators.values()].filter(Boolean).length;
  }

  check(template: Template): TemplateCheck {
    const result: TemplateCheck = { violations: [], checked: new Map(), skipped: [] };
    for (const [resource, body] of Object.entries(template.Resources ?? {})) {
      const type = String(body.Type);
      const reason = skipReason(type);
      if (reason) {
        result.skipped.push({ resource, type, reason });
        continue;
      }
      result.checked.set(type, [...(result.checked.get(type) ?? []), resource]);
      for (const problem of this.problemsOf(type, body)) result.violations.push({ resource, type, problem });
    }
    return result;
  }

  private problemsOf(type: string, body: { Properties?: unknown }): string[] {
    const validate = this.validatorOf(type);
    if (!validate) return [`${type} is not a CloudFormation resource type`];
    const problems = this.envelope(body) ? [] : describe('', this.envelope.errors);
    if (!validate(body.Properties ?? {})) problems.push(...describe('Properties', validate.errors));
    return problems;
  }

  private validatorOf(type: string): ValidateFunction | undefined {
    if (!this.validators.has(type)) {
      const schema = this.schemas.propertiesSchema(type);
      this.validators.set(type, schema ? this.ajv.compile(schema) : undefined);
    }
    return this.validators.get(type);
  }
}

/**
 * Ajv's errors as one line each, at the property's path. Left out: the `if` of an
 * intrinsic-or-value position and the enum under an intrinsic's name, which only repeat the
 * error beside them.
 */
function describe(root: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if' && !e.schemaPath.includes('/propertyNames/'))
    .map((e) => {
      const at = `${root}${e.instancePath.replaceAll('/', '.')}` || '(resource)';
      const params = e.params as Record<string, unknown>;
      if (e.keyword === 'propertyNames')
        return `${at} cannot be ${String(params.propertyName)}: what it returns does not fit there`;
      if (e.keyword === 'additionalProperties')
        return `${at} ${e.message} (unknown: ${String(params.additionalProperty)})`;
      if (e.keyword === 'enum')
        return `${at} ${e.message} (allowed: ${(params.allowedValues as unknown[]).map(String).join(', ')})`;
      return `${at} ${e.message ?? e.keyword}`;
    });
}
