/**
 * What stands between the internet and the product: one way in to the API (through CloudFront,
 * over mutual TLS, with the execute-api endpoint disabled), the web ACLs' rule groups, their
 * logs and their rate rules' switch, every function's logs kept for a bounded time, and no
 * secret's value in any function's environment.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stages } from '../stages';
import { apiOriginParameterNames } from './api-origin';
import { projectContext } from './test-support/project-context';
import { buildStage } from './stage';
import { resolveStage, type StageConfig } from './stage-config';
import { type Resource, stageTemplates, templateReader } from './test-support/template-reader';
import { WAF_RATE_RULES_CONTEXT } from './waf-rate-rules';

const DOMAIN = {
  name: 'portal.aurum-capital.com',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  zoneName: 'aurum-capital.com',
};
const BASE: StageConfig = {
  stage: 'edge',
  account: '131313131313',
  region: 'eu-west-1',
  stackName: 'EdgeTest',
  authDomainPrefix: 'aurum-edge-131313131313',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
  alarmEmail: 'ops@aurum.example',
  ses: { fromEmail: 'no-reply@aurum.example', identity: 'aurum.example' },
  google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
};

const owned = stageTemplates({ ...BASE, domain: DOMAIN });
const east = stageTemplates({ ...BASE, region: 'us-east-1', domain: DOMAIN });
const plain = stageTemplates(BASE);

const resourcesOf = (template: Template | undefined): Record<string, Resource> =>
  template ? templateReader(template).all() : {};
const ofType = (template: Template | undefined, type: string) =>
  Object.entries(resourcesOf(template)).filter(([, r]) => r.Type === type);
const parameterDefault = (template: Template, ref: unknown) =>
  (template.toJSON().Parameters as Record<string, { Default?: string }>)[(ref as { Ref: string }).Ref]?.Default;

function apiOrigin(template: Template) {
  const [, distribution] = ofType(template, 'AWS::CloudFront::Distribution')[0] as [string, Resource];
  const config = distribution.Properties.DistributionConfig as {
    Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: Record<string, unknown> }[];
    CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
  };
  const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
  return config.Origins.find((o) => o.Id === api?.TargetOriginId);
}

describe.each([
  ['outside us-east-1', owned],
  ['in us-east-1', east],
])('one way in to the API, for a stage with its own domain %s', (_, stage) => {
  const { template } = stage;
  const params = apiOriginParameterNames(BASE.stage);

  it('disables the execute-api endpoint', () => {
    const apis = ofType(template, 'AWS::ApiGatewayV2::Api');
    expect(apis).toHaveLength(1);
    expect(apis[0]?.[1].Properties.DisableExecuteApiEndpoint).toBe(true);
  });

  it('serves the API at api-origin.<name>, a regional custom domain that requires mutual TLS with the truststore the runbook leaves', () => {
    const [[domainId, domain]] = ofType(template, 'AWS::ApiGatewayV2::DomainName') as [[string, Resource]];
    expect(domain.Properties).toMatchObject({
      DomainName: `api-origin.${DOMAIN.name}`,
      DomainNameConfigurations: [{ EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' }],
    });
    const truststore = (domain.Properties.MutualTlsAuthentication as { TruststoreUri: unknown }).TruststoreUri;
    expect(parameterDefault(template, truststore)).toBe(params.truststoreUri);
    const [[, mapping]] = ofType(template, 'AWS::ApiGatewayV2::ApiMapping') as [[string, Resource]];
    const [[apiId]] = ofType(template, 'AWS::ApiGatewayV2::Api') as [[string, Resource]];
    expect(mapping.Properties).toEqual({ ApiId: { Ref: apiId }, DomainName: { Ref: domainId }, Stage: '$default' });
    const record = ofType(template, 'AWS::Route53::RecordSet').find(
      ([, r]) => r.Properties.Name === `api-origin.${DOMAIN.name}.`,
    );
    expect((record?.[1].Properties.AliasTarget as { DNSName: unknown }).DNSName).toEqual({
      'Fn::GetAtt': [domainId, 'RegionalDomainName'],
    });
  });

  it('sends /api/* there, presenting the client certificate the runbook imports, with the origin header still on', () => {
    const origin = apiOrigin(template);
    expect(origin?.DomainName).toBe(`api-origin.${DOMAIN.name}`);
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    const certificate = (origin?.CustomOriginConfig?.OriginMtlsConfig as { ClientCertificateArn: unknown })
      .ClientCertificateArn;
    expect(parameterDefault(template, certificate)).toBe(params.clientCertificateArn);
    expect(JSON.stringify(origin)).toContain('x-origin-verify');
    expect(JSON.stringify(template.toJSON())).not.toContain('execute-api.');
  });
});

describe('a stage without its own domain', () => {
  it('keeps execute-api as the origin (mutual TLS needs a custom domain), gated by the origin header only', () => {
    const [[, api]] = ofType(plain.template, 'AWS::ApiGatewayV2::Api') as [[string, Resource]];
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(false);
    const origin = apiOrigin(plain.template);
    expect(JSON.stringify(origin?.DomainName)).toContain('execute-api.eu-west-1.amazonaws.com');
    expect(origin?.CustomOriginConfig?.OriginMtlsConfig).toBeUndefined();
    expect(JSON.stringify(origin)).toContain('x-origin-verify');
    expect(ofType(plain.template, 'AWS::ApiGatewayV2::DomainName')).toEqual([]);
  });
});

type Rule = {
  Name: string;
  Action?: Record<string, unknown>;
  OverrideAction?: Record<string, unknown>;
  Statement: Record<string, unknown>;
};
const siteAcl = (template: Template | undefined) =>
  ofType(template, 'AWS::WAFv2::WebACL').find(([, r]) => r.Properties.Scope === 'CLOUDFRONT');
const poolAcl = (template: Template | undefined) =>
  ofType(template, 'AWS::WAFv2::WebACL').find(([, r]) => r.Properties.Scope === 'REGIONAL');
const rulesOf = (acl: [string, Resource] | undefined) => (acl?.[1].Properties.Rules ?? []) as Rule[];
const managed = (rule: Rule) =>
  (rule.Statement.ManagedRuleGroupStatement ?? {}) as {
    Name?: string;
    RuleActionOverrides?: { Name: string; ActionToUse: unknown }[];
    ScopeDownStatement?: unknown;
  };

describe.each([
  ["the site's web ACL (edge stack)", () => owned.edgeTemplate, siteAcl, ['authorization', 'cookie']],
  ["the site's web ACL (a stage in us-east-1)", () => east.template, siteAcl, ['authorization', 'cookie']],
  ["the user pool's web ACL", () => owned.template, poolAcl, ['authorization', 'cookie', 'x-aurum-backend']],
] as const)('logging of %s', (_, templateOf, aclOf, redacted) => {
  it('logs every request to a log group named aws-waf-logs-..., kept a year, under the logs key, with credentials redacted', () => {
    const template = templateOf();
    const acl = aclOf(template);
    expect(acl).toBeDefined();
    const configs = ofType(template, 'AWS::WAFv2::LoggingConfiguration').filter(
      ([, c]) => JSON.stringify(c.Properties.ResourceArn) === JSON.stringify({ 'Fn::GetAtt': [acl?.[0], 'Arn'] }),
    );
    expect(configs).toHaveLength(1);
    const config = configs[0]?.[1] as Resource;
    const destination = JSON.stringify(config.Properties.LogDestinationConfigs);
    const prefixOf = (g: Resource) =>
      String((g.Properties.LogGroupName as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join']?.[1][0]);
    const [, group] =
      ofType(template, 'AWS::Logs::LogGroup').find(
        ([, g]) => prefixOf(g).startsWith('aws-waf-logs-') && destination.includes(`:log-group:${prefixOf(g)}"`),
      ) ?? [];
    expect(group).toBeDefined();
    // The name: the prefix WAF requires, then the stack's id (kept log groups must not block the next create).
    const name = (group?.Properties.LogGroupName as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    expect(String(name[0])).toMatch(/^aws-waf-logs-aurum-edge-(site|user-pool)-$/);
    expect(JSON.stringify(name)).toContain('AWS::StackId');
    // The destination is that log group's ARN, without the ':*' of its Arn attribute, which WAF refuses.
    expect(destination).toContain(`:log-group:${String(name[0])}"`);
    expect(destination).toContain(JSON.stringify(name.slice(1)).slice(1, -1));
    expect(destination).not.toContain(':*');
    expect(group?.Properties.RetentionInDays).toBe(365);
    expect(group?.Properties.KmsKeyId).toBeDefined();
    expect(
      (config.Properties.RedactedFields as { SingleHeader: { Name: string } }[]).map((f) => f.SingleHeader.Name).sort(),
    ).toEqual([...redacted].sort());
  });
});

describe("the site's web ACL", () => {
  const rules = () => rulesOf(siteAcl(owned.edgeTemplate));

  it('runs the IP-reputation and anonymous-IP rule groups, blocking; hosting providers (the smoke test, cloud desktops) only counted', () => {
    const byGroup = new Map(rules().map((r) => [managed(r).Name, r]));
    for (const group of [
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesAnonymousIpList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]) {
      expect(byGroup.get(group)?.OverrideAction).toEqual({ None: {} });
    }
    expect(managed(byGroup.get('AWSManagedRulesAnonymousIpList') as Rule).RuleActionOverrides).toEqual([
      { Name: 'HostingProviderIPList', ActionToUse: { Count: {} } },
    ]);
    expect(managed(byGroup.get('AWSManagedRulesAmazonIpReputationList') as Rule).RuleActionOverrides).toBeUndefined();
  });
});

describe("the user pool's web ACL", () => {
  it("runs the anonymous-IP group on everything but the API's own calls (Lambda is a hosting provider)", () => {
    const rule = rulesOf(poolAcl(owned.template)).find((r) => managed(r).Name === 'AWSManagedRulesAnonymousIpList');
    expect(rule?.OverrideAction).toEqual({ None: {} });
    expect(managed(rule as Rule).RuleActionOverrides).toEqual([
      { Name: 'HostingProviderIPList', ActionToUse: { Count: {} } },
    ]);
    expect(JSON.stringify(managed(rule as Rule).ScopeDownStatement)).toMatch(/"NotStatement".*"x-aurum-backend"/);
  });
});

describe('the per-IP rate rules', () => {
  const RATE_RULES = ['ApiRatePerIp', 'HeavyApiRatePerIp', 'SignInRatePerIp', 'ChallengeAnswerRatePerIp'];
  function rateActions(context: Record<string, unknown>, stage = BASE.stage): Record<string, unknown> {
    const app = new App({ context: { ...projectContext(), ...context } });
    const built = buildStage(app, { ...BASE, stage });
    const all = [Template.fromStack(built.portal), ...(built.edge ? [Template.fromStack(built.edge)] : [])];
    const rules = all.flatMap((t) =>
      ofType(t, 'AWS::WAFv2::WebACL').flatMap(([, acl]) => acl.Properties.Rules as Rule[]),
    );
    return Object.fromEntries(rules.filter((r) => RATE_RULES.includes(r.Name)).map((r) => [r.Name, r.Action]));
  }
  const all = (action: unknown) => Object.fromEntries(RATE_RULES.map((name) => [name, action]));

  it('count by default', () => {
    expect(rateActions({})).toEqual(all({ Count: {} }));
  });

  it("block in a stage cdk.json's context names, and only there", () => {
    expect(rateActions({ [WAF_RATE_RULES_CONTEXT]: { edge: 'block' } })).toEqual(all({ Block: {} }));
    expect(rateActions({ [WAF_RATE_RULES_CONTEXT]: { prod: 'block' } })).toEqual(all({ Count: {} }));
    expect(rateActions({ [WAF_RATE_RULES_CONTEXT]: JSON.stringify({ edge: 'block' }) })).toEqual(all({ Block: {} }));
  });

  it('refuse any other setting', () => {
    expect(() => rateActions({ [WAF_RATE_RULES_CONTEXT]: { edge: 'Block' } })).toThrow(/must be "count" or "block"/);
    expect(() => rateActions({ [WAF_RATE_RULES_CONTEXT]: 'block' })).toThrow(/must map stage names/);
    expect(() => rateActions({ [WAF_RATE_RULES_CONTEXT]: ['edge'] })).toThrow(/must map stage names/);
  });
});

/** Every stage of infra/stages.ts, and the sample stage with a domain in and outside us-east-1. */
const everyStage: [string, Template][] = [
  ...Object.keys(stages).flatMap((name) => {
    const built = stageTemplates(resolveStage(name, stages));
    return [
      [`${name} portal`, built.template],
      ...(built.edgeTemplate ? [[`${name} edge`, built.edgeTemplate]] : []),
    ] as [string, Template][];
  }),
  ['domain portal', owned.template],
  ['domain edge', owned.edgeTemplate as Template],
  ['us-east-1 portal', east.template],
];

describe.each(everyStage)('the functions of %s', (_, template) => {
  const all = resourcesOf(template);
  const functions = Object.entries(all).filter(([, r]) => r.Type === 'AWS::Lambda::Function');

  it('each log to a log group of the stack with a retention, CDK-made ones too', () => {
    for (const [id, fn] of functions) {
      const group = ((fn.Properties.LoggingConfig ?? {}) as { LogGroup?: { Ref?: string } }).LogGroup?.Ref;
      const retention = group ? all[group]?.Properties.RetentionInDays : undefined;
      expect({ id, retention: typeof retention === 'number' && retention > 0 }).toEqual({ id, retention: true });
    }
  });

  it("hold no secret's value in their environment, only names", () => {
    const secrets = new Set(
      Object.entries(all)
        .filter(([, r]) => r.Type === 'AWS::SecretsManager::Secret')
        .map(([id]) => id),
    );
    for (const [id, fn] of functions) {
      const environment = JSON.stringify(fn.Properties.Environment ?? {});
      expect({ id, resolves: /\{\{resolve:(secretsmanager|ssm-secure):/.test(environment) }).toEqual({
        id,
        resolves: false,
      });
      // A secret is named by its ARN (Ref); any other reference to one would be a value.
      for (const secret of secrets)
        expect({ id, other: environment.replaceAll(`{"Ref":"${secret}"}`, '').includes(`"${secret}"`) }).toEqual({
          id,
          other: false,
        });
    }
  });
});
