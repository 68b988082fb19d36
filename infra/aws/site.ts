/**
 * The site: a private bucket behind CloudFront (origin access control), `/api/*` routed to the
 * HTTP API uncached, deep links answered with index.html by a CloudFront Function on the bucket
 * behaviour only (so API errors stay JSON), security headers on everything. With the stage's own
 * domain, CloudFront answers on that name with its certificate and TLS 1.2 at least (custom-domain.ts).
 */
import { existsSync } from 'node:fs';
import { CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  type CfnDistribution,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { ARecord } from 'aws-cdk-lib/aws-route53';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { rules } from 'cdk-nag';
import { ORIGIN_HEADER } from '../../lambdas/lib/http/origin';
import { siteConfig, type SiteConfig } from '../../shared/site-config';
import {
  awsSiteOrigins,
  HASHED_ASSETS_DIR,
  IMMUTABLE_CACHE_CONTROL,
  PRERENDERED_PAGES,
  REVALIDATE_CACHE_CONTROL,
  securityHeaderRules,
  SPA_INDEX,
  SPA_ROUTE,
} from '../../shared/site/site-rules';
import { addSiteRecords, distributionDomainProps, type SiteDomain } from './custom-domain';
import { acknowledgeGuard } from './guard-rules';
import { SiteFirewall } from './site-firewall';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { logsKey } from './logs-key';
import { MONEY_LOG_RETENTION } from './portal-function';
import { Construct } from 'constructs';

/**
 * Deep links of the SPA get their document (viewer request, bucket behaviour only): a prerendered
 * page's own, else the app's shell, by the shared rule's own regular expression and table
 * (shared/site/site-rules.ts), which the local server applies too.
 */
export const SPA_REWRITE_CODE = spaRewriteCode(SPA_ROUTE, SPA_INDEX, PRERENDERED_PAGES);

function spaRewriteCode(route: RegExp, index: string, pages: Readonly<Record<string, string>>): string {
  // A global or sticky expression keeps state between calls of test().
  if (/[gy]/.test(route.flags)) throw new Error(`The SPA route rule must be stateless: ${String(route)}`);
  return `var pages = ${JSON.stringify(pages)};
function handler(event) {
  var request = event.request;
  if (${String(route)}.test(request.uri)) {
    var path = request.uri.replace(/(.)\\/+$/, '$1');
    request.uri = Object.prototype.hasOwnProperty.call(pages, path) ? pages[path] : ${JSON.stringify(index)};
  }
  return request;
}`;
}

/** Never uploaded (glob patterns of Source.asset, matched against every file's base name too). */
export const SOURCE_MAPS = ['*.map', '**/*.map'];

export { HASHED_ASSETS_DIR };

export interface SiteProps {
  /** Where CloudFront reaches the API, and the client certificate it presents there when the API requires mutual TLS (api-origin.ts). */
  apiOrigin: { domainName: string; clientCertificateArn?: string };
  /** Sent to the API as the origin header; handlers refuse requests without it. */
  originSecret: ISecret;
  /** CloudFront's web ACL, made in us-east-1 by the edge stack when this stack is elsewhere. */
  webAclArn?: string;
  /** The stage's own domain; without it, CloudFront's *.cloudfront.net name and certificate. */
  domain?: SiteDomain;
  stage: string;
}

/**
 * The response headers policy's settings: the shared security headers with this region's Cognito
 * origins, the hosted UI being the stage's own auth name when it has one.
 */
export function securityHeadersBehavior(region: string, hostedUiName?: string): ResponseSecurityHeadersBehavior {
  const wanted = securityHeaderRules(awsSiteOrigins(region, hostedUiName));
  const hsts = wanted.strictTransportSecurity;
  if (!hsts) throw new Error('CloudFront serves HTTPS: the shared rules must give Strict-Transport-Security');
  return {
    strictTransportSecurity: {
      accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
      includeSubdomains: hsts.includeSubdomains,
      preload: hsts.preload,
      override: true,
    },
    contentSecurityPolicy: { contentSecurityPolicy: wanted.contentSecurityPolicy, override: true },
    frameOptions: { frameOption: enumValue(HeadersFrameOption, wanted.frameOptions), override: true },
    // X-Content-Type-Options: nosniff, CloudFront's only value for it.
    contentTypeOptions: { override: true },
    referrerPolicy: { referrerPolicy: enumValue(HeadersReferrerPolicy, wanted.referrerPolicy), override: true },
  };
}

function enumValue<E extends string>(values: Record<string, E>, value: string): E {
  const found = Object.values(values).find((v) => v === value);
  if (found === undefined) throw new Error(`CloudFront has no header value ${value}`);
  return found;
}

export class PortalSite extends Construct {
  readonly bucket: Bucket;
  /** The access-log bucket (CloudFront's and the buckets' server access logs). */
  readonly logs: Bucket;
  readonly distribution: Distribution;
  /** The site's origin (https://<name>, or CloudFront's https://...cloudfront.net): OAuth callbacks, links in e-mails. */
  readonly url: string;
  /** The site name's A record, with the stage's own domain: the parent record Cognito requires of auth.<name>. */
  readonly aliasRecord?: ARecord;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    const logs = (this.logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      versioned: true,
      lifecycleRules: [
        {
          expiration: Duration.days(90),
          noncurrentVersionExpiration: Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(7),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    }));
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });
    acknowledgeGuard(
      logs,
      { control: 'CT.S3.PR.2', reason: 'This is the access-log bucket; logging it into itself would loop.' },
      {
        control: 'CT.S3.PR.5',
        reason:
          'CloudFront standard logs are delivered with ACLs (log-delivery write); the bucket blocks all public access.',
      },
      {
        control: 'CT.S3.PR.9',
        reason: 'Logs expire after 90 days by design; Object Lock would keep them against that rule.',
      },
      {
        control: 'CT.S3.PR.10',
        reason: 'S3 server access logs can only be delivered to SSE-S3 buckets; CloudFront logs share it.',
      },
    );

    this.bucket = new Bucket(this, 'Web', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      // Every deploy overwrites index.html and friends: versions let an operator roll back a bad one.
      versioned: true,
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30), abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    acknowledgeGuard(
      this.bucket,
      {
        control: 'CT.S3.PR.9',
        reason: 'The built web app is replaced at every deploy; Object Lock would forbid that.',
      },
      {
        control: 'CT.S3.PR.10',
        reason:
          'Public web assets read through CloudFront origin access control; SSE-S3 protects them at rest without a key policy for CloudFront.',
      },
    );
    // S3 events go to EventBridge (free, off by default): an operator can watch changes to the site.
    for (const bucket of [logs, this.bucket])
      (bucket.node.defaultChild as CfnBucket).notificationConfiguration = {
        eventBridgeConfiguration: { eventBridgeEnabled: true },
      };

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: securityHeadersBehavior(region, props.domain?.authName),
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Deep links of the SPA get their document',
    });

    let webAclArn = props.webAclArn;
    if (webAclArn === undefined) {
      if (region !== 'us-east-1')
        throw new Error(
          `CloudFront's web ACL must be made in us-east-1: build this stack with buildStage (infra/aws/stage.ts).`,
        );
      webAclArn = new SiteFirewall(this, 'Firewall', { metricPrefix: `aurum-${props.stage}`, stage: props.stage })
        .webAcl.attrArn;
    }
    this.distribution = new Distribution(this, 'Cdn', {
      comment: `Aurum client portal (${props.stage})`,
      defaultRootObject: 'index.html',
      webAclId: webAclArn,
      ...distributionDomainProps(props.domain),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          // CloudFront replaces a viewer's own copy of a custom origin header.
          origin: new HttpOrigin(props.apiOrigin.domainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [ORIGIN_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    if (props.apiOrigin.clientCertificateArn)
      presentClientCertificate(this.distribution, props.apiOrigin.domainName, props.apiOrigin.clientCertificateArn);
    acknowledgeDistribution(this.distribution, props.domain?.certificate);
    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
    if (props.domain) this.aliasRecord = addSiteRecords(this, props.domain, this.distribution);
  }

  /**
   * Deploys the built SPA: the content-hashed assets first (immutable for a year), then every
   * file whose name does not change with its content (the documents: app.html and the prerendered
   * pages; the favicon) and
   * /config.json (written from the stack's outputs, so one build runs in any stage; its shape
   * is shared with the local gateway and the web: shared/site-config.ts) with no-cache, then
   * invalidates the cache.
   */
  deployWeb(webDist: string, config: SiteConfig): void {
    const built = existsSync(`${webDist}${SPA_INDEX}`);
    // CDK's copying function is one for both deployments: one log group, kept as long as the others.
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: MONEY_LOG_RETENTION,
      encryptionKey: logsKey(this),
    });
    const assets = new BucketDeployment(this, 'Assets', {
      logGroup,
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${HASHED_ASSETS_DIR}/`,
      // Source maps stay in the build for local debugging; published, they would hand out the
      // readable source of the whole SPA.
      sources:
        built && existsSync(`${webDist}/${HASHED_ASSETS_DIR}`)
          ? [Source.asset(`${webDist}/${HASHED_ASSETS_DIR}`, { exclude: SOURCE_MAPS })]
          : [Source.data('.keep', '')],
      cacheControl: [CacheControl.fromString(IMMUTABLE_CACHE_CONTROL)],
      prune: false,
    });
    const rootFiles = built
      ? Source.asset(webDist, {
          exclude: [HASHED_ASSETS_DIR, `${HASHED_ASSETS_DIR}/**`, 'config.json', ...SOURCE_MAPS],
        })
      : Source.data(
          SPA_INDEX.slice(1),
          '<!doctype html><title>Aurum</title><p>The web app was not built: run npm run build, then deploy again.</p>',
        );
    const root = new BucketDeployment(this, 'RootDocuments', {
      logGroup,
      destinationBucket: this.bucket,
      sources: [rootFiles, Source.jsonData('config.json', siteConfig(config))],
      cacheControl: [CacheControl.fromString(REVALIDATE_CACHE_CONTROL)],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    root.node.addDependency(assets);
    acknowledgeDeploymentProvider(this);
  }
}

/**
 * CloudFront presents the client certificate to the API's origin (origin mutual TLS), which
 * CDK's HttpOrigin does not offer yet: set on that origin of the distribution's own resource.
 */
function presentClientCertificate(distribution: Distribution, originDomain: string, certificateArn: string): void {
  const cfn = distribution.node.defaultChild as CfnDistribution;
  const origins = (Stack.of(distribution).resolve(cfn.distributionConfig) as { origins: { domainName: string }[] })
    .origins;
  const index = origins.findIndex((o) => o.domainName === originDomain);
  if (index < 0) throw new Error(`The distribution has no origin ${originDomain}`);
  cfn.addPropertyOverride(`DistributionConfig.Origins.${index}.CustomOriginConfig.OriginMtlsConfig`, {
    ClientCertificateArn: certificateArn,
  });
}

/**
 * What the distribution knowingly does not meet. Without the stage's own domain, CloudFront's
 * *.cloudfront.net certificate fixes the TLS policy and SNI; with it, the site's certificate
 * sets TLSv1.2_2021 and SNI, and those controls pass, though Control Tower's template rules
 * cannot see the certificate when it is read from the edge stack.
 */
function acknowledgeDistribution(distribution: Distribution, certificate: ICertificate | undefined): void {
  Validations.of(distribution).acknowledge(
    { id: 'AwsSolutions-CFR1', reason: 'Clients may sign in from anywhere; no geo restriction is wanted.' },
    ...(certificate
      ? []
      : [
          {
            id: 'AwsSolutions-CFR4',
            reason:
              'The default *.cloudfront.net certificate fixes the TLS policy; the stage setting domain gives the site its own certificate and TLSv1.2_2021.',
          },
        ]),
  );
  acknowledgeGuard(distribution, {
    control: 'CT.CLOUDFRONT.PR.4',
    reason:
      'One origin per behaviour: failing over /api/* is not possible and the site bucket is regional S3 (99.99%); a replica bucket is not worth its cost here.',
  });
  if (certificate && Stack.of(certificate) === Stack.of(distribution)) return;
  const reason = certificate
    ? "The site's ACM certificate is the edge stack's (us-east-1), read across regions with Fn::GetStackOutput, which the template rule cannot follow; SNI and TLSv1.2_2021 are set (infra/aws/custom-domain.test.ts)."
    : 'The stage has no custom domain: CloudFront serves its *.cloudfront.net certificate, whose TLS policy and SNI CloudFront fixes.';
  acknowledgeGuard(
    distribution,
    { control: 'CT.CLOUDFRONT.PR.6', reason },
    { control: 'CT.CLOUDFRONT.PR.7', reason },
    ...(certificate ? [] : [{ control: 'CT.CLOUDFRONT.PR.9', reason }]),
  );
}

/**
 * The copying Lambda is CDK's own singleton provider of BucketDeployment: its managed policy
 * and its wildcards (asset bucket, web bucket, invalidations) are aws-cdk-lib's choice. Its
 * wildcard findings are listed by cdk-nag's own rule, so each is acknowledged by name and a
 * new one would still be reported.
 */
function acknowledgeDeploymentProvider(scope: Construct): void {
  const provider = Stack.of(scope).node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!provider) return;
  const reason =
    "CDK's BucketDeployment provider: copies the web build from the CDK asset bucket and invalidates CloudFront.";
  const policy = provider.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
  const findings = policy instanceof CfnResource ? rules.iam.IAMNoWildcardPermissions(policy) : [];
  Validations.of(provider).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason,
    },
    { id: 'AwsSolutions-L1', reason: `${reason} Its runtime is chosen by aws-cdk-lib.` },
    ...(Array.isArray(findings) ? findings.map((f) => ({ id: `AwsSolutions-IAM5[${f}]`, reason })) : []),
  );
}
