/**
 * The site: a private bucket behind CloudFront (origin access control), `/api/*` routed to the
 * HTTP API uncached, deep links answered with index.html by a CloudFront Function on the bucket
 * behaviour only (so API errors stay JSON), security headers on everything.
 */
import { existsSync } from 'node:fs';
import { CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
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
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { rules } from 'cdk-nag';
import { Construct } from 'constructs';

/** A path with no file extension is a route of the SPA: serve index.html (viewer request, bucket behaviour only). */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Never uploaded (glob patterns of Source.asset, matched against every file's base name too). */
export const SOURCE_MAPS = ['*.map', '**/*.map'];

export interface SiteProps {
  api: HttpApi;
}

export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra UI (emotion) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://*.googleusercontent.com",
    "font-src 'self' data:",
    // Amplify talks to Cognito directly in AWS.
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://*.auth.${region}.amazoncognito.com`,
    `form-action 'self' https://*.auth.${region}.amazoncognito.com`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

export class PortalSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    const logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(logs).acknowledge({ id: 'AwsSolutions-S1', reason: 'This is the access-log bucket; logging it into itself would loop.' });

    this.bucket = new Bucket(this, 'Web', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(region), override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Deep links of the SPA get index.html',
    });

    const apiDomain = `${props.api.apiId}.execute-api.${region}.amazonaws.com`;
    this.distribution = new Distribution(this, 'Cdn', {
      comment: 'Aurum client portal',
      defaultRootObject: 'index.html',
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
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Clients may sign in from anywhere; no geo restriction is wanted.' },
      { id: 'AwsSolutions-CFR2', reason: 'No WAF on CloudFront: the API is throttled per stage and every route needs a Cognito token (the user pool has its own WAF).' },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'The default *.cloudfront.net certificate fixes the TLS policy; a custom domain with its own certificate would set TLSv1.2_2021.',
      },
    );

  }

  /**
   * Deploys the built SPA: hashed assets first (immutable), then index.html and /config.json
   * (written from the stack's outputs, so one build runs in any stage) with no-cache, then
   * invalidates the cache.
   */
  deployWeb(webDist: string, config: Record<string, unknown>): void {
    const built = existsSync(`${webDist}/index.html`);
    const assets = new BucketDeployment(this, 'Assets', {
      destinationBucket: this.bucket,
      // Source maps stay in the build for local debugging; published, they would hand out the
      // readable source of the whole SPA.
      sources: built ? [Source.asset(webDist, { exclude: ['index.html', 'config.json', ...SOURCE_MAPS] })] : [Source.data('.keep', '')],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const index = built
      ? Source.asset(webDist, { exclude: ['*', '!index.html'] })
      : Source.data('index.html', '<!doctype html><title>Aurum</title><p>The web app was not built: run npm run build, then deploy again.</p>');
    const root = new BucketDeployment(this, 'RootDocuments', {
      destinationBucket: this.bucket,
      sources: [index, Source.jsonData('config.json', config)],
      cacheControl: [CacheControl.fromString('no-cache')],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    root.node.addDependency(assets);
    acknowledgeDeploymentProvider(this);
  }
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
  const reason = "CDK's BucketDeployment provider: copies the web build from the CDK asset bucket and invalidates CloudFront.";
  const policy = provider.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
  const findings = policy instanceof CfnResource ? rules.iam.IAMNoWildcardPermissions(policy) : [];
  Validations.of(provider).acknowledge(
    { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason },
    { id: 'AwsSolutions-L1', reason: `${reason} Its runtime is chosen by aws-cdk-lib.` },
    ...(Array.isArray(findings) ? findings.map((f) => ({ id: `AwsSolutions-IAM5[${f}]`, reason })) : []),
  );
}
