/**
 * A stage's own domain (the stage setting `domain`). Without it the site keeps CloudFront's
 * name and default certificate and the hosted UI Cognito's prefix domain. With it: one
 * certificate in us-east-1 (the edge stack, or the portal stack of a stage in us-east-1),
 * validated by DNS in the hosted zone for the site's name and auth.<name>; CloudFront on that
 * name with TLSv1.2_2021; the alias records; Cognito's custom domain; and every URL the stage
 * hands out derived from the name (OAuth callbacks, SITE_URL, config.json, the CSP).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { App, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { awsSiteOrigins, contentSecurityPolicy } from '../../shared/site/site-rules';
import { CERTIFICATE_REGION } from './custom-domain';
import { guardFindings } from './test-support/guard-findings';
import { resolveStage, type StageConfig, type StageSettings } from './stage-config';
import { only, type Resource, stageTemplates, synthStage, templateReader } from './test-support/template-reader';

const DOMAIN = {
  name: 'portal.aurum-capital.com',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
  zoneName: 'aurum-capital.com',
};
const SITE = `https://${DOMAIN.name}`;
const AUTH = `auth.${DOMAIN.name}`;
const API_ORIGIN = `api-origin.${DOMAIN.name}`;

const BASE: StageConfig = {
  stage: 'web',
  account: '121212121212',
  region: 'eu-west-1',
  stackName: 'WebTest',
  authDomainPrefix: 'aurum-web-121212121212',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
  google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
};

const plain = stageTemplates(BASE);
const owned = synthStage({ ...BASE, domain: DOMAIN });

const ofType = (template: Template | undefined, type: string) =>
  template ? templateReader(template).ofType(type) : [];

const distributionConfig = (template: Template) =>
  only(template, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as Record<string, unknown>;

function contentSecurityPolicyOf(template: Template): string {
  const config = only(template, 'AWS::CloudFront::ResponseHeadersPolicy')[1].Properties.ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
  };
  return config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
}

/** SITE_URL of every function given one. */
function siteUrls(template: Template): unknown[] {
  return ofType(template, 'AWS::Lambda::Function')
    .map(
      ([, fn]) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.SITE_URL,
    )
    .filter((url) => url !== undefined);
}

/** config.json's oauthDomain as the root documents' deployment writes it: a marker stands for each deploy-time value. */
function deployedOauthDomain(app: App, template: Template): unknown {
  const [, root] =
    ofType(template, 'Custom::CDKBucketDeployment').find(([id]) => id.startsWith('SiteRootDocuments')) ?? [];
  const keys = root?.Properties.SourceObjectKeys as string[];
  const markers = root?.Properties.SourceMarkers as Record<string, unknown>[];
  const files = keys.map((key, i) => ({
    file: join(app.synth().directory, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'),
    markers: markers[i] ?? {},
  }));
  const [written] = files.filter(({ file }) => existsSync(file));
  const value = (JSON.parse(readFileSync(written?.file ?? '', 'utf8')) as { oauthDomain: string }).oauthDomain;
  return written?.markers[value] ?? value;
}

/** cfn-guard runs over a whole stack's template: about a minute for the portal stack. */
const GUARD_TIMEOUT_MS = 180_000;

function guardReport(stack: Stack): string[] {
  return guardFindings(stack).map((f) => `${f.control ?? f.rule} ${f.resource} (${f.type}): ${f.message}`);
}

function nagViolations(stack: Stack): string[] {
  return new AwsSolutionsChecks(stack)
    .validateScope(stack)
    .violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
}

describe('a stage without the setting', () => {
  it('has no certificate, no record, and CloudFront on its own name and default certificate', () => {
    for (const template of [plain.template, plain.edgeTemplate]) {
      expect(ofType(template, 'AWS::CertificateManager::Certificate')).toEqual([]);
      expect(ofType(template, 'AWS::Route53::RecordSet')).toEqual([]);
    }
    const config = distributionConfig(plain.template);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
  });

  it("keeps Cognito's prefix domain and the URLs of CloudFront's name", () => {
    expect(only(plain.template, 'AWS::Cognito::UserPoolDomain')[1].Properties).toEqual({
      Domain: BASE.authDomainPrefix,
      UserPoolId: expect.anything(),
    });
    const [distributionId] = only(plain.template, 'AWS::CloudFront::Distribution');
    const site = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(new Set(siteUrls(plain.template).map((url) => JSON.stringify(url)))).toEqual(
      new Set([JSON.stringify(site)]),
    );
    expect(contentSecurityPolicyOf(plain.template)).toBe(contentSecurityPolicy(awsSiteOrigins(BASE.region)));
  });
});

describe('a stage with its own domain, outside us-east-1', () => {
  const edge = owned.edgeTemplate as Template;
  const [certificateId, certificate] = only(edge, 'AWS::CertificateManager::Certificate');
  const distribution = () => distributionConfig(owned.template);
  const [hostedUiId, hostedUi] = only(owned.template, 'AWS::Cognito::UserPoolDomain');

  it('makes the certificate in the edge stack in us-east-1, validated by DNS in the zone for the site and the hosted UI', () => {
    expect(owned.edge?.region).toBe(CERTIFICATE_REGION);
    expect(certificate.Properties).toMatchObject({
      DomainName: DOMAIN.name,
      SubjectAlternativeNames: [AUTH],
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: DOMAIN.name, HostedZoneId: DOMAIN.hostedZoneId },
        { DomainName: AUTH, HostedZoneId: DOMAIN.hostedZoneId },
      ],
    });
    // The portal stack's one certificate is the API origin's, regional (api-origin.ts).
    expect(
      ofType(owned.template, 'AWS::CertificateManager::Certificate').map(([, c]) => c.Properties.DomainName),
    ).toEqual([API_ORIGIN]);
  });

  it('serves CloudFront on the name with that certificate (read across regions), SNI and TLSv1.2_2021', () => {
    const viewer = distribution().ViewerCertificate as {
      AcmCertificateArn: { 'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string } };
    };
    expect(distribution().Aliases).toEqual([DOMAIN.name]);
    expect(viewer).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    const reference = viewer.AcmCertificateArn['Fn::GetStackOutput'];
    expect(reference).toMatchObject({ StackName: owned.edge?.stackName, Region: CERTIFICATE_REGION });
    expect(edge.toJSON().Outputs[reference.OutputName]).toMatchObject({ Value: { Ref: certificateId } });
  });

  it("points the site's name (A and AAAA) at CloudFront and the hosted UI's at Cognito's distribution, which waits for its parent record", () => {
    const records = ofType(owned.template, 'AWS::Route53::RecordSet').map(([id, r]) => ({
      id,
      ...(r.Properties as { Name: string; Type: string; HostedZoneId: string; AliasTarget: { DNSName: unknown } }),
    }));
    const [distributionId] = only(owned.template, 'AWS::CloudFront::Distribution');
    const toSite = { 'Fn::GetAtt': [distributionId, 'DomainName'] };
    expect(
      records.map(({ Name, Type, HostedZoneId, AliasTarget }) => ({
        Name,
        Type,
        HostedZoneId,
        DNSName: AliasTarget.DNSName,
      })),
    ).toEqual(
      expect.arrayContaining([
        { Name: `${DOMAIN.name}.`, Type: 'A', HostedZoneId: DOMAIN.hostedZoneId, DNSName: toSite },
        { Name: `${DOMAIN.name}.`, Type: 'AAAA', HostedZoneId: DOMAIN.hostedZoneId, DNSName: toSite },
        {
          Name: `${AUTH}.`,
          Type: 'A',
          HostedZoneId: DOMAIN.hostedZoneId,
          DNSName: { 'Fn::GetAtt': [hostedUiId, 'CloudFrontDistribution'] },
        },
        {
          Name: `${API_ORIGIN}.`,
          Type: 'A',
          HostedZoneId: DOMAIN.hostedZoneId,
          DNSName: { 'Fn::GetAtt': [only(owned.template, 'AWS::ApiGatewayV2::DomainName')[0], 'RegionalDomainName'] },
        },
      ]),
    );
    expect(records).toHaveLength(4);
    const siteA = records.find((r) => r.Name === `${DOMAIN.name}.` && r.Type === 'A');
    expect(hostedUi.DependsOn).toContain(siteA?.id);
  });

  it("gives Cognito the custom domain auth.<name> with the site's certificate", () => {
    expect(hostedUi.Properties).toEqual({
      Domain: AUTH,
      CustomDomainConfig: {
        CertificateArn: (distribution().ViewerCertificate as { AcmCertificateArn: unknown }).AcmCertificateArn,
      },
      UserPoolId: expect.anything(),
    });
  });

  it("makes the name the passkeys' relying party, so a passkey answers this site alone", () => {
    const [, pool] = only(owned.template, 'AWS::Cognito::UserPool');
    expect(pool.Properties.WebAuthnRelyingPartyID).toBe(DOMAIN.name);
  });

  it('derives the OAuth callbacks, SITE_URL, config.json, the outputs and the CSP from the name', () => {
    const [, client] = only(owned.template, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({ CallbackURLs: [`${SITE}/`], LogoutURLs: [`${SITE}/`] });
    const urls = siteUrls(owned.template);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(urls)).toEqual(new Set([SITE]));
    expect(deployedOauthDomain(owned.app, owned.template)).toEqual({ Ref: hostedUiId });
    const outputs = owned.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect([outputs.SiteUrl?.Value, outputs.HostedUiDomain?.Value]).toEqual([SITE, { Ref: hostedUiId }]);
    const csp = contentSecurityPolicyOf(owned.template);
    expect(csp).toBe(contentSecurityPolicy(awsSiteOrigins(BASE.region, AUTH)));
    expect(csp).toContain(`connect-src 'self' https://cognito-idp.${BASE.region}.amazonaws.com https://${AUTH};`);
    expect(csp).toContain(`form-action 'self' https://${AUTH};`);
    expect(csp).not.toContain('amazoncognito.com');
  });

  it('leaves nothing to cdk-nag', () => {
    for (const stack of [owned.portal, owned.edge as Stack]) expect(nagViolations(stack)).toEqual([]);
  });

  it.each<[string, () => Stack]>([
    ['the portal stack', () => owned.portal],
    ['the edge stack', () => owned.edge as Stack],
  ])(
    'leaves no Control Tower finding in %s',
    (_, stackOf) => {
      expect(guardReport(stackOf())).toEqual([]);
    },
    GUARD_TIMEOUT_MS,
  );
});

describe('a stage with its own domain in us-east-1', () => {
  const east = synthStage({ ...BASE, region: 'us-east-1', domain: DOMAIN });

  it('makes the certificate in the portal stack, beside CloudFront and Cognito, and has no edge stack', () => {
    expect(east.edge).toBeUndefined();
    const certificates = ofType(east.template, 'AWS::CertificateManager::Certificate');
    expect(certificates.map(([, c]) => c.Properties.DomainName).sort()).toEqual([API_ORIGIN, DOMAIN.name]);
    const [certificateId, certificate] = certificates.find(([, c]) => c.Properties.DomainName === DOMAIN.name) as [
      string,
      Resource,
    ];
    expect(certificate.Properties).toMatchObject({
      DomainName: DOMAIN.name,
      SubjectAlternativeNames: [AUTH],
      ValidationMethod: 'DNS',
    });
    expect(distributionConfig(east.template)).toMatchObject({
      Aliases: [DOMAIN.name],
      ViewerCertificate: {
        AcmCertificateArn: { Ref: certificateId },
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
    expect(only(east.template, 'AWS::Cognito::UserPoolDomain')[1].Properties).toMatchObject({
      Domain: AUTH,
      CustomDomainConfig: { CertificateArn: { Ref: certificateId } },
    });
    expect(ofType(east.template, 'AWS::Route53::RecordSet')).toHaveLength(4);
    expect(contentSecurityPolicyOf(east.template)).toBe(contentSecurityPolicy(awsSiteOrigins('us-east-1', AUTH)));
  });

  it(
    'leaves nothing to cdk-nag, nor to Control Tower',
    () => {
      expect(nagViolations(east.portal)).toEqual([]);
      expect(guardReport(east.portal)).toEqual([]);
    },
    GUARD_TIMEOUT_MS,
  );
});

describe('the domain setting', () => {
  const qa: StageSettings = {
    account: '444444444444',
    region: 'eu-central-1',
    stackName: 'AurumPortal-qa',
    authDomainPrefix: 'aurum-qa-444444444444',
    fourEyesThresholdDollars: 10_000,
    adminDailyLimitDollars: 100_000,
  };

  it('takes a name in the zone, or the zone itself', () => {
    expect(resolveStage('qa', { qa: { ...qa, domain: DOMAIN } }).domain).toEqual(DOMAIN);
    const apex = { ...DOMAIN, name: DOMAIN.zoneName };
    expect(resolveStage('qa', { qa: { ...qa, domain: apex } }).domain).toEqual(apex);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a name with a scheme', { name: 'https://portal.aurum-capital.com' }, 'domain.name: must be a lowercase DNS name'],
    ['a name with a trailing dot', { name: 'portal.aurum-capital.com.' }, 'domain.name: must be a lowercase DNS name'],
    ['a name in capitals', { name: 'Portal.aurum-capital.com' }, 'domain.name: must be a lowercase DNS name'],
    [
      'a name outside the zone',
      { name: 'portal.aurum-capital.net' },
      'domain.name: must be inside the hosted zone aurum-capital.com',
    ],
    [
      'a name that only ends like the zone',
      { name: 'portal.notaurum-capital.com' },
      'domain.name: must be inside the hosted zone aurum-capital.com',
    ],
    [
      'a name too long for auth.<name>',
      { name: `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(50)}.aurum-capital.com` },
      "domain.name: is too long: the hosted UI's auth.<name>",
    ],
    [
      'a zone id in the ARN form',
      { hostedZoneId: '/hostedzone/Z0123456789ABCDEFGHIJ' },
      'domain.hostedZoneId: must be a Route 53 hosted zone id',
    ],
    [
      'a zone id in lowercase',
      { hostedZoneId: 'z0123456789abcdefghij' },
      'domain.hostedZoneId: must be a Route 53 hosted zone id',
    ],
    [
      'a zone name with a trailing dot',
      { zoneName: 'aurum-capital.com.' },
      'domain.zoneName: must be a lowercase DNS name',
    ],
    [
      'a setting with a typo',
      { certificateArn: 'arn:aws:acm:us-east-1:444444444444:certificate/x' },
      'Unrecognized key',
    ],
  ])('refuses %s, naming the field', (_, change, message) => {
    expect(() => resolveStage('qa', { qa: { ...qa, domain: { ...DOMAIN, ...change } } })).toThrow(message);
  });

  it('refuses, on a deployable stage, a reserved example domain', () => {
    const real: StageSettings = {
      ...qa,
      account: '604512398761',
      authDomainPrefix: 'aurum-qa-604512398761',
      alarmEmail: 'ops@aurum-capital.com',
      deployable: true,
      firm: {
        legalName: 'Aurum Capital Ltd',
        riskDisclosure: 'Past performance is not a guide to future returns; the 100% target is not guaranteed.',
        termsUrl: 'https://aurum-capital.com/terms',
        privacyUrl: 'https://aurum-capital.com/privacy',
        supportEmail: 'support@aurum-capital.com',
      },
    };
    expect(() =>
      resolveStage('qa', {
        qa: {
          ...real,
          domain: { name: 'portal.aurum.example', hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'aurum.example' },
        },
      }),
    ).toThrow('domain.zoneName: is a reserved example domain');
    expect(resolveStage('qa', { qa: { ...real, domain: DOMAIN } }).domain).toEqual(DOMAIN);
  });

  it("refuses a hosted UI name that is not a host name in the site's CSP", () => {
    expect(() => awsSiteOrigins('eu-west-1', `https://${AUTH}`)).toThrow('must be a host name');
    expect(() => awsSiteOrigins('eu-west-1', `${AUTH}; script-src *`)).toThrow('must be a host name');
  });
});

describe('the runbook', () => {
  const runbook = readFileSync(resolve(__dirname, '../../docs/operations.md'), 'utf8');

  it("lists the setting and says what the Google client's redirect URI becomes", () => {
    expect(runbook).toMatch(/^\| `domain` \(optional\) \|/m);
    const section = runbook.slice(runbook.indexOf('## Custom domain'));
    expect(section).toContain('https://auth.<name>/oauth2/idpresponse');
  });
});
