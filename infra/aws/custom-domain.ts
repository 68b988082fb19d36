/**
 * A stage's own domain (the stage setting `domain`, infra/aws/stage-config.ts): the certificate
 * the site and the hosted UI present, the distribution's settings that serve it, and the alias
 * records in the firm's hosted zone. CloudFront and Cognito read certificates from us-east-1
 * only: the certificate is made in the edge stack, or in the portal stack of a stage that lives
 * in us-east-1 (infra/aws/stage.ts).
 *
 * The hosted UI's name is `auth.<name>`, under the site's: Cognito refuses a custom domain whose
 * parent name has no A record, and the site's alias record is that record.
 */
import { Stack } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  type DistributionProps,
  type IDistribution,
  SecurityPolicyProtocol,
  SSLMethod,
} from 'aws-cdk-lib/aws-cloudfront';
import type { UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import { AaaaRecord, ARecord, HostedZone, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget, UserPoolDomainTarget } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import { authDomainName, type StageConfig } from './stage-config';

export type DomainSetting = NonNullable<StageConfig['domain']>;

/** Where CloudFront and Cognito's custom domains read their certificates. */
export const CERTIFICATE_REGION = 'us-east-1';

/** The oldest TLS the site accepts: TLS 1.2 with CloudFront's 2021 ciphers. */
export const SITE_TLS_POLICY = SecurityPolicyProtocol.TLS_V1_2_2021;

/** What the portal stack builds the site and the hosted UI on. */
export interface SiteDomain {
  /** The site's name, e.g. portal.aurum-capital.com. */
  name: string;
  /** The hosted UI's name: auth.<name>. */
  authName: string;
  zone: IHostedZone;
  /** In us-east-1, valid for both names. */
  certificate: ICertificate;
}

function importZone(scope: Construct, id: string, setting: DomainSetting): IHostedZone {
  return HostedZone.fromHostedZoneAttributes(scope, id, {
    hostedZoneId: setting.hostedZoneId,
    zoneName: setting.zoneName,
  });
}

/** One certificate for the site's name and the hosted UI's, validated by DNS records ACM writes in the zone. */
export class DomainCertificate extends Construct {
  readonly certificate: Certificate;

  constructor(scope: Construct, id: string, setting: DomainSetting) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (region !== CERTIFICATE_REGION)
      throw new Error(
        `The site's certificate must be made in ${CERTIFICATE_REGION}, not ${region}: build the stage with buildStage (infra/aws/stage.ts).`,
      );
    this.certificate = new Certificate(this, 'Certificate', {
      domainName: setting.name,
      subjectAlternativeNames: [authDomainName(setting.name)],
      validation: CertificateValidation.fromDns(importZone(this, 'Zone', setting)),
    });
  }
}

/**
 * The stage's domain as the portal stack uses it: the certificate made in the edge stack when
 * one is given, else made here (a stack in us-east-1).
 */
export function siteDomain(scope: Construct, setting: DomainSetting, certificate?: ICertificate): SiteDomain {
  return {
    name: setting.name,
    authName: authDomainName(setting.name),
    zone: importZone(scope, 'DomainZone', setting),
    certificate: certificate ?? new DomainCertificate(scope, 'DomainCertificate', setting).certificate,
  };
}

/** The distribution's settings for the stage's own name; none without one (CloudFront's default certificate). */
export function distributionDomainProps(
  domain: SiteDomain | undefined,
): Pick<DistributionProps, 'domainNames' | 'certificate' | 'minimumProtocolVersion' | 'sslSupportMethod'> {
  if (!domain) return {};
  return {
    domainNames: [domain.name],
    certificate: domain.certificate,
    minimumProtocolVersion: SITE_TLS_POLICY,
    sslSupportMethod: SSLMethod.SNI,
  };
}

/** The site's name pointing at the distribution, over IPv4 and IPv6; returns the A record (the hosted UI's parent record). */
export function addSiteRecords(scope: Construct, domain: SiteDomain, distribution: IDistribution): ARecord {
  const target = RecordTarget.fromAlias(new CloudFrontTarget(distribution));
  new AaaaRecord(scope, 'AliasAaaa', {
    zone: domain.zone,
    recordName: domain.name,
    target,
    comment: 'The site (CloudFront), IPv6',
  });
  return new ARecord(scope, 'AliasA', {
    zone: domain.zone,
    recordName: domain.name,
    target,
    comment: 'The site (CloudFront)',
  });
}

/** The hosted UI's name pointing at the CloudFront distribution Cognito runs for the custom domain. */
export function addHostedUiRecord(scope: Construct, domain: SiteDomain, userPoolDomain: UserPoolDomain): ARecord {
  return new ARecord(scope, 'HostedUiAlias', {
    zone: domain.zone,
    recordName: domain.authName,
    target: RecordTarget.fromAlias(new UserPoolDomainTarget(userPoolDomain)),
    comment: "Cognito's hosted UI",
  });
}
