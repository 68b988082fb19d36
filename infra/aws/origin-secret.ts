/**
 * The origin secret: the header CloudFront adds to every API request and every route function
 * requires. On a stage without its own domain the API's execute-api URL is public, and this
 * header is what keeps a request that skipped CloudFront's WAF from any handler; with one, the
 * API answers CloudFront alone over mutual TLS (api-origin.ts) and the header is a second check.
 *
 * Its value reaches CloudFront's origin configuration (a custom header has nowhere else to come
 * from) and nothing else: route functions get the secret's ARN and read its current and previous
 * values at run time (lambdas/lib/http/origin-secrets.ts), so rotating it is a Secrets Manager
 * write and a CloudFront update, with no code change, no deploy, and no moment at which the
 * handlers refuse what CloudFront sends (docs/operations.md, "Origin secret").
 */
import { Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

export function originSecret(scope: Construct): Secret {
  const secret = new Secret(scope, 'OriginSecret', {
    description:
      'Aurum portal: the header CloudFront adds to API requests; handlers read it at run time and refuse requests without it',
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'Rotated by the runbook (docs/operations.md, "Origin secret"): a new value in Secrets Manager, then the same value in CloudFront; handlers accept the current and the previous value, so no request is refused between the two steps. A rotation Lambda could not update CloudFront in step.',
  });
  return secret;
}

/** The two versions the handlers read (AWSCURRENT and AWSPREVIOUS) of this one secret, and nothing else. */
export function grantOriginSecretRead(secret: Secret, fn: IFunction): void {
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}
