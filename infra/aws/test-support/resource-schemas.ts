/**
 * CloudFormation's resource types as JSON schemas, one per type, for checking synthesized
 * templates before anything reaches CloudFormation (resource-schema-check.ts).
 *
 * The source is `@aws-cdk/aws-service-spec`, the database CDK generates its L1 constructs from.
 * It does not keep the registry's JSON schemas: it keeps its own model of them (each property
 * with a type — string, integer, number, boolean, json, date-time, a named definition, a list,
 * a map, a union — whether it is required, and the allowed values of a string or integer), so
 * this module builds the JSON schema of a type from that model. What the model drops (patterns,
 * lengths, minimum and maximum) is not checked; what it keeps is: an unknown property (every
 * object is closed), a wrong type, a value outside the allowed ones, a required property missing.
 * No published library turns the model into JSON schemas (the spec's own tools go the other way,
 * from the registry's schemas to the model), hence this one.
 *
 * It is the second of two checks. Every synth already runs CDK's CloudFormation Validate (the
 * registry's own schemas, patterns and lengths included), whose findings cdk.json makes errors;
 * but one flag turns those into warnings and `Validations.of(scope).acknowledge()` silences a rule
 * for a whole scope. This one answers to neither, comes from another source, and says which
 * resources and types it checked.
 *
 * A value may be an intrinsic function anywhere CloudFormation expects one: every position is
 * `if intrinsic then <well-formed intrinsic> else <the property's own schema>`, so a validator
 * reports only the branch that applies. An intrinsic that returns a list (Fn::Split, Fn::GetAZs,
 * Fn::Cidr) cannot stand for a single value, nor one that returns a string (Fn::Join, Fn::Sub,
 * Fn::Base64...) for a list.
 */
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import type { PropertyType, ResourceProperties, SpecDatabase, TypeDefinition } from '@aws-cdk/service-spec-types';

export type JsonSchema = Record<string, unknown>;

/** The intrinsic functions a property may hold, each with the shape of its arguments. */
const INTRINSIC_ARGUMENTS: Record<string, JsonSchema> = {
  Ref: { type: 'string' },
  'Fn::GetAtt': {
    anyOf: [{ type: 'string' }, { type: 'array', prefixItems: [{ type: 'string' }, {}], minItems: 2, maxItems: 2 }],
  },
  'Fn::Join': { type: 'array', prefixItems: [{ type: 'string' }, {}], minItems: 2, maxItems: 2 },
  'Fn::Sub': {
    anyOf: [
      { type: 'string' },
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'object' }], minItems: 2, maxItems: 2 },
    ],
  },
  'Fn::If': { type: 'array', prefixItems: [{ type: 'string' }], minItems: 3, maxItems: 3 },
  'Fn::Select': { type: 'array', minItems: 2, maxItems: 2 },
  'Fn::Split': { type: 'array', prefixItems: [{ type: 'string' }], minItems: 2, maxItems: 2 },
  'Fn::FindInMap': { type: 'array', minItems: 3, maxItems: 4 },
  'Fn::Cidr': { type: 'array', minItems: 3, maxItems: 3 },
  'Fn::ImportValue': {},
  'Fn::GetStackOutput': {
    type: 'object',
    properties: { StackName: {}, OutputName: {}, Region: {}, RoleArn: {} },
    required: ['StackName', 'OutputName'],
    additionalProperties: false,
  },
  'Fn::GetAZs': {},
  'Fn::Base64': {},
  'Fn::Length': {},
  'Fn::ToJsonString': {},
};
const ALL_INTRINSICS = Object.keys(INTRINSIC_ARGUMENTS);
/** Return a list: never one value. */
const LIST_ONLY = ['Fn::Split', 'Fn::GetAZs', 'Fn::Cidr'];
/** Return one string or number: never a list. */
const VALUE_ONLY = [
  'Fn::Join',
  'Fn::Sub',
  'Fn::Base64',
  'Fn::ImportValue',
  'Fn::GetStackOutput',
  'Fn::Length',
  'Fn::ToJsonString',
];

/** The `$defs` every resource schema carries: what an intrinsic looks like, and where each may stand. */
const INTRINSIC_DEFS: Record<string, JsonSchema> = {
  intrinsic: { type: 'object', minProperties: 1, maxProperties: 1, propertyNames: { enum: ALL_INTRINSICS } },
  valueIntrinsic: {
    propertyNames: { enum: ALL_INTRINSICS.filter((f) => !LIST_ONLY.includes(f)) },
    properties: INTRINSIC_ARGUMENTS,
  },
  listIntrinsic: {
    propertyNames: { enum: ALL_INTRINSICS.filter((f) => !VALUE_ONLY.includes(f)) },
    properties: INTRINSIC_ARGUMENTS,
  },
};

/** A position that takes `schema`, or an intrinsic fit for it. */
const orIntrinsic = (schema: JsonSchema, fit: 'valueIntrinsic' | 'listIntrinsic'): JsonSchema => ({
  if: { $ref: '#/$defs/intrinsic' },
  then: { $ref: `#/$defs/${fit}` },
  else: schema,
});

/** The plain scalar positions, shared by reference: most of a schema's positions are one of these. */
const SCALAR_DEFS: Record<string, JsonSchema> = {
  string: orIntrinsic({ type: 'string' }, 'valueIntrinsic'),
  integer: orIntrinsic({ type: 'integer' }, 'valueIntrinsic'),
  number: orIntrinsic({ type: 'number' }, 'valueIntrinsic'),
  boolean: orIntrinsic({ type: 'boolean' }, 'valueIntrinsic'),
  'date-time': orIntrinsic({ type: 'string', format: 'date-time' }, 'valueIntrinsic'),
  tag: orIntrinsic(
    {
      type: 'object',
      properties: { Key: { $ref: '#/$defs/string' }, Value: { $ref: '#/$defs/string' } },
      required: ['Key', 'Value'],
      additionalProperties: false,
    },
    'valueIntrinsic',
  ),
};

/** Builds the JSON schemas of resource types from the spec's model; definitions are shared within a type's schema. */
export class ResourceSchemas {
  private readonly db: SpecDatabase;

  constructor(db: SpecDatabase = loadAwsServiceSpecSync()) {
    this.db = db;
  }

  /** The schema of a resource's Properties, or undefined when CloudFormation has no such type. */
  propertiesSchema(cloudFormationType: string): JsonSchema | undefined {
    const resource = this.db.lookup('resource', 'cloudFormationType', 'equals', cloudFormationType).at(0);
    if (!resource) return undefined;
    const defs: Record<string, JsonSchema> = { ...INTRINSIC_DEFS, ...SCALAR_DEFS };
    const root = this.objectSchema(resource.properties, defs);
    return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...root, $defs: defs };
  }

  /** A closed object: its properties, the required ones, nothing else. */
  private objectSchema(properties: ResourceProperties, defs: Record<string, JsonSchema>): JsonSchema {
    const schemas: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, property] of Object.entries(properties)) {
      schemas[name] = this.typeSchema(property.type, defs);
      if (property.required) required.push(name);
    }
    return { type: 'object', properties: schemas, required, additionalProperties: false };
  }

  /** One position of the model as JSON schema, intrinsics accepted. */
  private typeSchema(type: PropertyType, defs: Record<string, JsonSchema>): JsonSchema {
    switch (type.type) {
      case 'string':
        return type.allowedValues
          ? orIntrinsic({ type: 'string', enum: type.allowedValues }, 'valueIntrinsic')
          : { $ref: '#/$defs/string' };
      case 'integer':
        return type.allowedValues
          ? orIntrinsic({ type: 'integer', enum: type.allowedValues }, 'valueIntrinsic')
          : { $ref: '#/$defs/integer' };
      case 'number':
      case 'boolean':
      case 'date-time':
      case 'tag':
        return { $ref: `#/$defs/${type.type}` };
      case 'null':
        return { type: 'null' };
      case 'json':
        return {};
      case 'array':
        return orIntrinsic({ type: 'array', items: this.typeSchema(type.element, defs) }, 'listIntrinsic');
      case 'map':
        return orIntrinsic(
          { type: 'object', additionalProperties: this.typeSchema(type.element, defs) },
          'valueIntrinsic',
        );
      case 'union':
        return { anyOf: type.types.map((member) => this.typeSchema(member, defs)) };
      case 'ref':
        return orIntrinsic(
          { $ref: `#/$defs/${this.definition(this.db.get('typeDefinition', type.reference), defs)}` },
          'valueIntrinsic',
        );
    }
  }

  /** Adds a named definition (once: definitions may refer to themselves) and returns its key in `$defs`. */
  private definition(definition: TypeDefinition, defs: Record<string, JsonSchema>): string {
    const key = `${definition.name}_${definition.$id}`;
    if (defs[key]) return key;
    defs[key] = {};
    defs[key] = this.objectSchema(definition.properties, defs);
    return key;
  }
}
