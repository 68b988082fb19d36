/**
 * One way in: with the stage's own domain, the HTTP API answers only at `api-origin.<name>`, a
 * regional custom domain that requires mutual TLS, and only CloudFront holds a client
 * certificate its truststore accepts. The execute-api endpoint is disabled (api.ts), so every
 * request to the API has passed CloudFront and its WAF first (docs/decisions/0025-one-way-in.md).
 *
 * The client certificate must be imported into ACM in us-east-1 (CloudFront's origin mutual TLS
 * takes only certificates with the TLS client authentication usage, which ACM does not issue),
 * and the truststore (the CA that signed it) uploaded to S3: the one-time steps of the runbook
 * (docs/operations.md, "API origin certificate"). Their
 * ARN and S3 URI are read from SSM parameters of the stage's region when CloudFormation deploys,
 * so a stage whose steps were not done fails its deploy instead of exposing the API.
 */
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
import {
  ApiMapping,
  CfnDomainName,
  DomainName,
  EndpointType,
  type HttpApi,
  type HttpStage,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { ARecord, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import type { SiteDomain } from './custom-domain';

/** The API's own name under the site's: only CloudFront's origin configuration names it. */
export const apiOriginName = (siteName: string) => `api-origin.${siteName}`;

/** Where the runbook's one-time steps leave the client certificate's ARN and the truststore's S3 URI. */
export function apiOriginParameterNames(stage: string): { clientCertificateArn: string; truststoreUri: string } {
  return {
    clientCertificateArn: `/aurum/${stage}/api-origin/client-certificate-arn`,
    truststoreUri: `/aurum/${stage}/api-origin/truststore-uri`,
  };
}

export interface ApiOriginProps {
  api: HttpApi;
  stage: HttpStage;
  domain: SiteDomain;
  stageName: string;
}

export class ApiOrigin extends Construct {
  /** What CloudFront connects to: api-origin.<name>. */
  readonly domainName: string;
  /** The client certificate (ACM, us-east-1) CloudFront presents to it. */
  readonly clientCertificateArn: string;

  constructor(scope: Construct, id: string, props: ApiOriginProps) {
    super(scope, id);
    this.domainName = apiOriginName(props.domain.name);
    const parameters = apiOriginParameterNames(props.stageName);
    this.clientCertificateArn = StringParameter.valueForStringParameter(this, parameters.clientCertificateArn);
    // A regional custom domain reads its certificate from the API's own region.
    const certificate = new Certificate(this, 'Certificate', {
      domainName: this.domainName,
      validation: CertificateValidation.fromDns(props.domain.zone),
    });
    const domain = new DomainName(this, 'Domain', {
      domainName: this.domainName,
      certificate,
      endpointType: EndpointType.REGIONAL,
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    // The truststore comes from a bucket outside the stack, by the URI the runbook's steps leave.
    (domain.node.defaultChild as CfnDomainName).mutualTlsAuthentication = {
      truststoreUri: StringParameter.valueForStringParameter(this, parameters.truststoreUri),
    };
    new ApiMapping(this, 'Mapping', { api: props.api, domainName: domain, stage: props.stage });
    new ARecord(this, 'Record', {
      zone: props.domain.zone,
      recordName: this.domainName,
      target: RecordTarget.fromAlias(
        new ApiGatewayv2DomainProperties(domain.regionalDomainName, domain.regionalHostedZoneId),
      ),
      comment: "The API's origin for CloudFront (mutual TLS)",
    });
  }
}
