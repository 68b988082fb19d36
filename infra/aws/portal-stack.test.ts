/**
 * The synthesized template, checked against the shared definitions it is generated from, and
 * cdk-nag's AwsSolutions pack. Bundling is skipped (no esbuild runs) so this stays fast.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import fc from 'fast-check';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routeByName, routes } from '../../shared/api';
import { tableDefinition } from '../../lambdas/lib/data/table';
import { userPoolDefinition } from '../../shared/user-pool';
import { createTableInput } from '../local/dynamo';
import { PortalTable } from './data';
import { LOCAL_SECURITY_HEADERS } from '../local/web-server';
import {
  awsSiteOrigins,
  isSpaRoute,
  REVALIDATE_CACHE_CONTROL,
  securityHeaders,
  SPA_INDEX,
  SPA_ROUTE_EXAMPLES,
  spaDocument,
} from '../../shared/site/site-rules';
import { parseSiteConfig } from '../../shared/site-config';
import { ADMIN_CHECK_COGNITO_ACTIONS } from './api';
import { SPA_REWRITE_CODE } from './site';
import { weeklyGrowthFlow } from '../weekly-growth-flow';
import type { StageConfig } from './stage-config';
import { DEMO_FIRM } from './demo-firm';
import {
  filesUnder,
  FUNCTIONS_BESIDE_ROUTES,
  only,
  type Resource,
  synthStage,
  templateReader,
} from './test-support/template-reader';

export const TEST_STAGE: StageConfig = {
  stage: 'test',
  account: '111111111111',
  region: 'eu-west-1',
  stackName: 'Test',
  authDomainPrefix: 'aurum-test-111111111111',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
};

function synth(config: Partial<StageConfig> = {}, webDist?: string) {
  const { app, portal: stack, template, operationsTemplate } = synthStage({ ...TEST_STAGE, ...config }, webDist);
  return { app, stack, template, operationsTemplate };
}

const { stack, template, operationsTemplate } = synth();
const { ofType: resources, functionDescribed: functionOf, statementsOf } = templateReader(template);

/** Every IAM action granted (allowed) to a function's role, by its inline and attached policies. */
const actionsOf = (functionId: string): string[] =>
  statementsOf(functionId)
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) => [s.Action].flat());

/** The one resource of a type in the stage's portal stack, with its logical id. */
const onlyOf = (type: string) => only(template, type);

describe('cdk-nag AwsSolutions', () => {
  it('has no unacknowledged finding', () => {
    const result = new AwsSolutionsChecks(stack).validateScope(stack);
    expect(
      result.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
    expect(result.success).toBe(true);
  });

  it('also with Google sign-in and localhost callbacks', () => {
    const withGoogle = synth({
      google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
      localhostCallbacks: true,
    });
    expect(new AwsSolutionsChecks(withGoogle.stack).validateScope(withGoogle.stack).violations).toEqual([]);
  });
});

describe('the API, generated from the shared route table', () => {
  it('has exactly one route per entry, each behind the Cognito authorizer with the access-token scope', () => {
    const apiRoutes = resources('AWS::ApiGatewayV2::Route');
    expect(apiRoutes).toHaveLength(routes.length);
    const [authorizerId] = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'));
    for (const route of routes) {
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `${route.method} ${route.path}`,
        AuthorizationType: 'JWT',
        AuthorizationScopes: [userPoolDefinition.apiScope],
        AuthorizerId: { Ref: authorizerId },
      });
    }
  });

  it('verifies tokens of this pool for this app client', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('AuthUsersWeb') }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.eu-west-1.amazonaws.com/', { Ref: Match.stringLikeRegexp('AuthUsers') }],
          ],
        },
      },
    });
  });

  it('logs access, throttles, and has no CORS (same origin through CloudFront)', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.absent(),
    });
  });

  it('gives each function only the Cognito access its route needs', () => {
    for (const route of routes) {
      const [id] = functionOf(`${route.method} ${route.path}`);
      const actions = actionsOf(id);
      expect(actions.some((a) => a === '*' || a === 'dynamodb:*')).toBe(false);
      // Client routes: only their own Cognito actions (calls made with the caller's token need
      // none). Admin routes, and client routes an admin may read, also run the admin check.
      const cognito = actions.filter((a) => a.startsWith('cognito-idp:')).sort();
      const own = 'cognitoActions' in route ? route.cognitoActions.map((a) => `cognito-idp:${a}`) : [];
      const checksAdmin = route.auth === 'admin' || ('adminMayRead' in route && route.adminMayRead === true);
      const check = checksAdmin ? ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'] : [];
      expect({ route: route.name, cognito }).toEqual({
        route: route.name,
        cognito: [...new Set([...own, ...check])].sort(),
      });
    }
  });

  it('lets the invitation route list users by e-mail, and no other route', () => {
    // createInvitation refuses an address that already has an account: ListUsers with an `email =` filter.
    const listing = routes.filter((route) =>
      actionsOf(functionOf(`${route.method} ${route.path}`)[0]).includes('cognito-idp:ListUsers'),
    );
    expect(listing.map((route) => route.name)).toEqual(['createInvitation']);
  });

  it('lets every admin route ask Cognito whether its caller is still an enabled admin, with two-factor sign-in', () => {
    // AdminGetUser also answers UserMFASettingList (TOTP) and UserStatus (Google). Reads only: a
    // moment the security record lacks is the pre-token-generation trigger's to record.
    expect([...ADMIN_CHECK_COGNITO_ACTIONS].sort()).toEqual(['AdminGetUser', 'AdminListGroupsForUser']);
    const [poolId] = onlyOf('AWS::Cognito::UserPool');
    const adminRoutes = routes.filter((r) => r.auth === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const [id, fn] = functionOf(`${route.method} ${route.path}`);
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.USER_POOL_ID).toEqual({
        Ref: poolId,
      });
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = templateReader(template)
        .statementsOfRole(roleId)
        .filter((st) => [st.Action].flat().some((a) => a.startsWith('cognito-idp:')));
      // One statement, on this pool only, no action twice.
      expect(statements).toHaveLength(1);
      expect(statements[0]?.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
      const actions = [statements[0]?.Action ?? []].flat();
      expect(new Set(actions).size).toBe(actions.length);
      expect(actionsOf(id)).toEqual(
        expect.arrayContaining(['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser']),
      );
    }
  });

  it("gives the firewall's pass to exactly the routes that call Cognito with the caller's token: the secret's name and a grant to read it", () => {
    const [secretId] =
      resources('AWS::SecretsManager::Secret').find(([, s]) =>
        String(s.Properties.Description).includes("user pool's WAF"),
      ) ?? [];
    expect(secretId).toBeDefined();
    for (const route of routes) {
      const [fnId, fn] = functionOf(`${route.method} ${route.path}`);
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.COGNITO_BACKEND_SECRET).toBeUndefined();
      const pass = variables.COGNITO_BACKEND_SECRET_ARN;
      const reads = statementsOf(fnId).some(
        (s) =>
          s.Effect === 'Allow' &&
          [s.Action].flat().includes('secretsmanager:GetSecretValue') &&
          [s.Resource].flat().some((r) => JSON.stringify(r) === JSON.stringify({ Ref: secretId })),
      );
      const callsAsUser = 'cognitoUserCalls' in route && route.cognitoUserCalls.length > 0;
      expect({ route: route.name, pass: pass === undefined ? 'none' : pass, reads }).toEqual({
        route: route.name,
        pass: callsAsUser ? { Ref: secretId } : 'none',
        reads: callsAsUser,
      });
    }
    for (const name of ['setUpTwoFactor', 'verifyTwoFactor', 'disableTwoFactor', 'changeMyPassword'] as const)
      expect(routeByName(name).cognitoUserCalls?.length).toBeGreaterThan(0);
  });

  it('lets the post-confirmation trigger end the sessions of a user who reset the password: that one action, on this pool, in a policy the function does not wait on', () => {
    const [poolId] = onlyOf('AWS::Cognito::UserPool');
    const [fnId, fn] = functionOf(
      'Cognito post-confirmation: creates the client profile and portfolio; after a password reset, ends every session',
    );
    expect(actionsOf(fnId).filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const [policyId, policy] =
      resources('AWS::IAM::Policy').find(
        ([, p]) =>
          JSON.stringify(p.Properties.PolicyDocument).includes('AdminUserGlobalSignOut') &&
          (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
      ) ?? [];
    expect(
      (policy?.Properties.PolicyDocument as { Statement: { Resource: unknown }[] }).Statement[0]?.Resource,
    ).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    // The pool depends on the function: a function depending on this policy would be a cycle.
    expect(fn.DependsOn ?? []).not.toContain(policyId);
  });

  it('runs every function on arm64, the current Node runtime, JSON logs', () => {
    // All but CDK's own BucketDeployment provider.
    const fns = resources('AWS::Lambda::Function').filter(
      ([, fn]) =>
        fn.Properties.Description !== undefined &&
        !/^Lambda function for auto-deleting|CDKBucketDeployment/.test(String(fn.Properties.Description)),
    );
    expect(fns.length).toBe(routes.length + FUNCTIONS_BESIDE_ROUTES);
    for (const [, fn] of fns) {
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs24.x',
        LoggingConfig: { LogFormat: 'JSON' },
      });
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBe(
        '--enable-source-maps',
      );
    }
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });
});

describe('the balances exports', () => {
  const [bucketId, bucket] = resources('AWS::S3::Bucket').find(([id]) => id.startsWith('ExportsBucket')) ?? [];
  const [exporterId] = functionOf('Writes a balances export (every client, e-mail order) to the exports bucket');
  // Beside its logs, its traces, (on admin routes) the admin check's Cognito reads, tested above, and the table's key (records.test.ts).
  const tableKeyArn = JSON.stringify(
    (onlyOf('AWS::DynamoDB::Table')[1].Properties.SSESpecification as { KMSMasterKeyId: unknown }).KMSMasterKeyId,
  );
  const nonLogActions = (id: string) =>
    statementsOf(id)
      .filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Resource) !== tableKeyArn)
      .flatMap((s) => [s.Action].flat())
      .filter((a) => !/^(logs|xray|cognito-idp):/.test(a));

  it('keeps them in a private bucket under a key of its own, for a day', () => {
    expect(bucket?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' }, BucketKeyEnabled: true },
        ],
      },
      LifecycleConfiguration: {
        Rules: [
          expect.objectContaining({ ExpirationInDays: 1, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ],
      },
    });
  });

  it('lets the exporter write exports only, the start route invoke the exporter only, the link route read exports only', () => {
    expect(nonLogActions(exporterId).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'kms:Decrypt',
      'kms:GenerateDataKey',
      's3:AbortMultipartUpload',
      's3:PutObject',
    ]);
    const [startId, start] = functionOf(`POST ${routeByName('startBalancesExport').path}`);
    // (and what every route uses: its caller's security record for the admin check, lambdas/table-uses.ts,
    // and the origin secret it checks requests against, infra/aws/origin-secret.ts)
    expect(nonLogActions(startId).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'lambda:InvokeFunction',
      'secretsmanager:GetSecretValue',
    ]);
    expect(JSON.stringify(statementsOf(startId).find((st) => st.Action === 'lambda:InvokeFunction')?.Resource)).toBe(
      JSON.stringify({ 'Fn::GetAtt': [exporterId, 'Arn'] }),
    );
    expect(
      (start.Properties.Environment as { Variables: Record<string, unknown> }).Variables.BALANCES_EXPORTER,
    ).toEqual({ Ref: exporterId });
    const [linkId, link] = functionOf(`GET ${routeByName('getBalancesExport').path}`);
    // A read route: no table write, the admin check's included.
    expect(nonLogActions(linkId).sort()).toEqual([
      'dynamodb:GetItem',
      'kms:Decrypt',
      's3:GetObject',
      'secretsmanager:GetSecretValue',
    ]);
    expect((link.Properties.Environment as { Variables: Record<string, unknown> }).Variables.EXPORTS_BUCKET).toEqual({
      Ref: bucketId,
    });
  });
});

describe('the table', () => {
  it('has the keys and indexes of the shared definition, exactly as the local stack creates them', () => {
    const local = createTableInput('x');
    const [, table] = resources('AWS::DynamoDB::Table')[0] ?? [];
    const p = table?.Properties as Record<string, unknown>;
    expect(p.KeySchema).toEqual(local.KeySchema);
    expect(new Set(p.AttributeDefinitions as unknown[])).toEqual(new Set(local.AttributeDefinitions));
    expect(p.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect((p.GlobalSecondaryIndexes as unknown[]).length).toBe(tableDefinition.globalSecondaryIndexes.length);
    expect(p).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    });
    // Kept on delete and replacement, but not when its own creation is rolled back (no orphan
    // then blocks the next deploy).
    expect(table).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
  });

  // CloudFormation adds one index per table update: an older stage's table gets the list's two indexes in two deploys.
  it('can withhold the admin list indexes for one deploy, and only those', () => {
    const indexesWith = (withhold: string) => {
      const app = new App({ context: { 'aurum:withholdIndexes': withhold } });
      const stack = new Stack(app, 'T');
      new PortalTable(stack, 'Table');
      const [, table] = templateReader(Template.fromStack(stack)).ofType('AWS::DynamoDB::Table')[0] ?? [];
      return (table?.Properties.GlobalSecondaryIndexes as { IndexName: string }[]).map((gsi) => gsi.IndexName);
    };
    expect(indexesWith('GSI5')).toEqual(['GSI1', 'GSI2', 'GSI3', 'GSI4']);
    expect(indexesWith('')).toEqual(['GSI1', 'GSI2', 'GSI3', 'GSI4', 'GSI5']);
    expect(() => indexesWith('GSI1')).toThrow('aurum:withholdIndexes may name only GSI4 and GSI5, not GSI1');
  });
});

describe('Cognito', () => {
  it('uses e-mail as the username, the password rule, the triggers, deletion protection', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        DeletionProtection: 'ACTIVE',
        Policies: {
          PasswordPolicy: Match.objectLike({ MinimumLength: 6, RequireLowercase: false, RequireNumbers: false }),
        },
        LambdaConfig: {
          PreSignUp: Match.anyValue(),
          PostConfirmation: Match.anyValue(),
          CustomMessage: Match.anyValue(),
          PreTokenGeneration: Match.anyValue(),
        },
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  });

  it('offers two-factor sign-in by authenticator app only, optional for the pool (the API requires it of admins)', () => {
    expect(userPoolDefinition.mfa).toMatchObject({ mode: 'OPTIONAL', totp: true, sms: false });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    // No SMS factor: no SNS role or external id for the pool to send texts with.
    const [, pool] = onlyOf('AWS::Cognito::UserPool');
    expect(pool.Properties.SmsConfiguration).toBeUndefined();
    template.resourcePropertiesCountIs(
      'AWS::IAM::Role',
      {
        AssumeRolePolicyDocument: Match.objectLike({
          Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cognito-idp.amazonaws.com' } })]),
        }),
      },
      0,
    );
    // The challenge is answered with RespondToAuthChallenge, which needs no auth flow of its own.
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_AUTH'],
    });
  });

  it('keeps the verified e-mail address until a new one is confirmed', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  it('refuses disguised names before an account exists: the PreSignUp trigger', () => {
    const [preSignUpId] = functionOf(
      'Cognito pre sign-up: refuses names with control or bidirectional-override characters',
    );
    const [, pool] = onlyOf('AWS::Cognito::UserPool');
    expect((pool.Properties.LambdaConfig as Record<string, unknown>).PreSignUp).toEqual({
      'Fn::GetAtt': [preSignUpId, 'Arn'],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [preSignUpId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it("puts the profile's names in every ID token and records an admin made outside the product: the PreTokenGeneration trigger", () => {
    const [poolId, pool] = onlyOf('AWS::Cognito::UserPool');
    const [triggerId, fn] = functionOf(
      "Cognito pre token generation: the ID token carries the client profile's names; an admin made outside the product is recorded",
    );
    expect((pool.Properties.LambdaConfig as Record<string, unknown>).PreTokenGeneration).toEqual({
      'Fn::GetAtt': [triggerId, 'Arn'],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
    // The profile and the security record (GetItem); a missing moment, its notice and its activity entry (one transaction).
    expect(
      actionsOf(triggerId)
        .filter((a) => a.startsWith('dynamodb:'))
        .sort(),
    ).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    // Whether Cognito says admin with a second factor: two reads on this pool, in a policy the function does not wait on.
    expect(
      actionsOf(triggerId)
        .filter((a) => a.startsWith('cognito-idp:'))
        .sort(),
    ).toEqual(['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser']);
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const [policyId, policy] =
      resources('AWS::IAM::Policy').find(
        ([, p]) =>
          JSON.stringify(p.Properties.PolicyDocument).includes('AdminListGroupsForUser') &&
          (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
      ) ?? [];
    expect(
      (policy?.Properties.PolicyDocument as { Statement: { Resource: unknown }[] }).Statement[0]?.Resource,
    ).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(fn.DependsOn ?? []).not.toContain(policyId);
  });

  it("lets users write only the sign-up form's attributes, and Google's mapped ones where Google signs in", () => {
    const [, client] = onlyOf('AWS::Cognito::UserPoolClient');
    expect(client.Properties.WriteAttributes).toEqual([...userPoolDefinition.writeAttributes].sort());
    expect(client.Properties.WriteAttributes).toEqual(['email', 'family_name', 'given_name']);
    const google = synth({
      google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
    }).template;
    const [, googleClient] = Object.entries(google.findResources('AWS::Cognito::UserPoolClient'))[0] as [
      string,
      Resource,
    ];
    expect(googleClient.Properties.WriteAttributes).toEqual(['email', 'family_name', 'given_name', 'picture']);
    // Every attribute Google maps is writable, but email_verified, which no user may write.
    const [, provider] = Object.entries(google.findResources('AWS::Cognito::UserPoolIdentityProvider'))[0] as [
      string,
      Resource,
    ];
    const mapped = Object.keys(provider.Properties.AttributeMapping as Record<string, string>).filter(
      (name) => name !== 'email_verified',
    );
    expect(googleClient.Properties.WriteAttributes).toEqual(expect.arrayContaining(mapped));
    expect(googleClient.Properties.WriteAttributes).not.toContain('email_verified');
  });

  it('gives 15-minute access and ID tokens, revocable', () => {
    // The API's JWT authorizer never checks revocation: a token's life is how long a removed user keeps access.
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes', IdToken: 'minutes' }),
      EnableTokenRevocation: true,
    });
  });

  it('has an app client without secret for SRP sign-in and rotating refresh, with user-existence errors prevented', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_AUTH'],
      // A refresh token is retired by the refresh that uses it, after 10 seconds for a retry.
      RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 10 },
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthScopes: Match.arrayWith(['aws.cognito.signin.user.admin']),
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', Match.anyValue(), '/']] }],
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  it('lets no password travel to Cognito: the app client allows SRP, never USER_PASSWORD_AUTH, and refreshes only by rotation', () => {
    const [, client] = onlyOf('AWS::Cognito::UserPoolClient');
    const flows = client.Properties.ExplicitAuthFlows as string[];
    expect(flows).toContain('ALLOW_USER_SRP_AUTH');
    // InitiateAuth's REFRESH_TOKEN_AUTH would hand out tokens without retiring the refresh token.
    expect(flows).not.toContain('ALLOW_REFRESH_TOKEN_AUTH');
    expect(flows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
    expect(flows).not.toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH');
  });

  it('signs in with a password or a passkey on the site itself, with user verification counted as multi-factor', () => {
    const [, pool] = onlyOf('AWS::Cognito::UserPool');
    expect(pool.Properties).toMatchObject({
      UserPoolTier: 'ESSENTIALS',
      Policies: { SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD', 'WEB_AUTHN'] } },
      WebAuthnUserVerification: 'required',
      WebAuthnFactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION',
    });
    // The relying party is the site's host: the distribution's name here, the stage's domain where it has one (custom-domain.test.ts).
    const [distributionId] = onlyOf('AWS::CloudFront::Distribution');
    expect(pool.Properties.WebAuthnRelyingPartyID).toEqual({ 'Fn::GetAtt': [distributionId, 'DomainName'] });
  });

  it('has no Google provider unless configured', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    const google = synth({
      google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
      localhostCallbacks: true,
    }).template;
    google.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: 'g.apps.googleusercontent.com',
        client_secret: Match.stringLikeRegexp('resolve:secretsmanager:aurum/google'),
      }),
      AttributeMapping: Match.objectLike({ email: 'email', given_name: 'given_name', family_name: 'family_name' }),
    });
    const [[providerId], [, client]] = [
      Object.keys(google.findResources('AWS::Cognito::UserPoolIdentityProvider')),
      Object.entries(google.findResources('AWS::Cognito::UserPoolClient'))[0] as [string, Resource],
    ];
    expect(client.DependsOn).toContain(providerId);
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(client.Properties.CallbackURLs).toContain('http://localhost:3000/');
  });
});

describe('the user pool firewall', () => {
  type Statement = Record<string, unknown>;
  type Rule = {
    Name: string;
    Priority: number;
    Action?: Record<string, unknown>;
    Statement: Statement;
    VisibilityConfig: Record<string, unknown>;
  };
  const acl = () => onlyOf('AWS::WAFv2::WebACL');
  const rules = () => acl()[1].Properties.Rules as Rule[];
  /** Every statement in a rule, nested ones included. */
  const flatten = (st: Statement): Statement[] => [
    st,
    ...Object.values(st).flatMap((v) => {
      if (Array.isArray(v)) return v.flatMap((x) => (x && typeof x === 'object' ? flatten(x as Statement) : []));
      return v && typeof v === 'object' ? flatten(v as Statement) : [];
    }),
  ];
  const targetMatch = (searchString: string, transformation: string) => ({
    ByteMatchStatement: {
      FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
      PositionalConstraint: 'EXACTLY',
      SearchString: searchString,
      TextTransformations: [{ Priority: 0, Type: transformation }],
    },
  });

  it('is a regional web ACL that allows by default, with metrics and sampled requests', () => {
    const [, { Properties: p }] = acl();
    expect(p).toMatchObject({
      Scope: 'REGIONAL',
      DefaultAction: { Allow: {} },
      VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true },
    });
    for (const rule of rules())
      expect(rule.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
  });

  it('is associated with the user pool', () => {
    const [poolId] = onlyOf('AWS::Cognito::UserPool');
    const [aclId] = acl();
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  it('blocks self-service DeleteUser, in any letter case', () => {
    const blocking = rules().filter((r) => r.Action?.Block !== undefined);
    const deleteUser = blocking.find(
      (r) =>
        !flatten(r.Statement).some((s) => 'RateBasedStatement' in s) &&
        JSON.stringify(r.Statement).includes('DeleteUser'),
    );
    expect(deleteUser).toBeDefined();
    const statements = flatten(deleteUser?.Statement ?? {});
    expect(statements).toContainEqual(targetMatch('AWSCognitoIdentityProviderService.DeleteUser', 'NONE'));
    expect(statements).toContainEqual(targetMatch('awscognitoidentityproviderservice.deleteuser', 'LOWERCASE'));
    // Nothing narrows it: the byte matches are the whole rule (alone, or any of them).
    expect(Object.keys(deleteUser?.Statement ?? {})).toEqual([
      expect.stringMatching(/^(ByteMatchStatement|OrStatement)$/),
    ]);
    // It comes before any rule that could let the request through first.
    expect(deleteUser?.Priority).toBe(Math.min(...rules().map((r) => r.Priority)));
  });

  it("blocks password and two-factor changes, in any letter case, unless they carry the secret only the API's functions are given", () => {
    const rule = rules().find(
      (r) => r.Action?.Block !== undefined && JSON.stringify(r.Statement).includes('AssociateSoftwareToken'),
    );
    expect(rule).toBeDefined();
    const statements = flatten(rule?.Statement ?? {});
    for (const op of ['ChangePassword', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference']) {
      expect(statements).toContainEqual(targetMatch(`AWSCognitoIdentityProviderService.${op}`, 'NONE'));
      expect(statements).toContainEqual(
        targetMatch(`awscognitoidentityproviderservice.${op.toLowerCase()}`, 'LOWERCASE'),
      );
    }
    // The one way through: the header, holding exactly the firewall's own secret.
    const [matchTargets, notFromApi] = (rule?.Statement.AndStatement as { Statements: Statement[] }).Statements;
    expect(Object.keys(matchTargets ?? {})).toEqual(['OrStatement']);
    const pass = ((notFromApi?.NotStatement as Statement).Statement as Statement).ByteMatchStatement as Statement;
    expect(pass).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: 'x-aurum-backend' } },
      PositionalConstraint: 'EXACTLY',
      TextTransformations: [{ Priority: 0, Type: 'NONE' }],
    });
    const [secretId] =
      resources('AWS::SecretsManager::Secret').find(([, s]) =>
        String(s.Properties.Description).includes("user pool's WAF"),
      ) ?? [];
    expect(JSON.stringify(pass.SearchString)).toContain(`{"Ref":"${String(secretId)}"}`);
    // Before the rules that only count or rate requests.
    expect(rule?.Priority).toBeLessThan(
      Math.min(
        ...rules()
          .filter((r) => r !== rule && r.Priority > 0)
          .map((r) => r.Priority),
      ),
    );
  });

  it('counts (until the stage says block) an IP that makes over 100 sign-in attempts in 5 minutes', () => {
    const rate = rules().find((r) => r.Name === 'SignInRatePerIp');
    expect(rate?.Action).toEqual({ Count: {} });
    const statement = rate?.Statement.RateBasedStatement as Statement;
    expect(statement).toMatchObject({ Limit: 100, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    const scopeDown = flatten(statement.ScopeDownStatement as Statement);
    for (const op of [
      'InitiateAuth',
      'RespondToAuthChallenge',
      'ForgotPassword',
      'ConfirmForgotPassword',
      'SignUp',
      'ResendConfirmationCode',
    ]) {
      expect(scopeDown).toContainEqual(
        targetMatch(`awscognitoidentityproviderservice.${op.toLowerCase()}`, 'LOWERCASE'),
      );
    }
    // The hosted UI's password form counts too.
    expect(JSON.stringify(scopeDown)).toContain('"SearchString":"/login"');
  });

  it('counts (until the stage says block) an IP that answers over 20 sign-in challenges (SRP proofs, codes) in 5 minutes', () => {
    const rate = rules().find((r) => r.Name === 'ChallengeAnswerRatePerIp');
    expect(rate?.Action).toEqual({ Count: {} });
    const statement = rate?.Statement.RateBasedStatement as Statement;
    expect(statement).toMatchObject({ Limit: 20, EvaluationWindowSec: 300, AggregateKeyType: 'IP' });
    expect(flatten(statement.ScopeDownStatement as Statement)).toContainEqual(
      targetMatch('awscognitoidentityproviderservice.respondtoauthchallenge', 'LOWERCASE'),
    );
  });

  it('blocks addresses on the AWS IP reputation list', () => {
    const reputation = rules().find((r) =>
      JSON.stringify(r.Statement).includes('AWSManagedRulesAmazonIpReputationList'),
    );
    expect(reputation).toMatchObject({
      OverrideAction: { None: {} },
      Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS' } },
    });
  });
});

describe('the weekly growth job', () => {
  it('starts its state machine every Monday 00:00 UTC with the scheduled time, with retries, a dead-letter queue and an alarm', () => {
    const [machineId] = resources('AWS::StepFunctions::StateMachine')[0] ?? [];
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 0 ? * MON *)',
      Targets: [
        Match.objectLike({
          Arn: { Ref: machineId },
          InputTransformer: { InputPathsMap: { time: '$.time' }, InputTemplate: '{"time":<time>}' },
          RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 7200 },
          DeadLetterConfig: Match.anyValue(),
        }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Weekly growth: grows every due portfolio from its ledger',
      Timeout: 300,
    });
    // Its alarms are the operations stack's (operations-stack.ts).
    operationsTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    operationsTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([Match.objectLike({ Expression: 'failed + timedOut + aborted' })]),
      Threshold: 1,
    });
  });

  it('deploys exactly the definition the local stack runs, invoking the job function', () => {
    const machines = resources('AWS::StepFunctions::StateMachine').filter(([, m]) =>
      JSON.stringify(m.Properties.DefinitionSubstitutions).includes('WeeklyGrowthFunctionArn'),
    );
    expect(machines).toHaveLength(1);
    const machine = machines[0]![1] as { Properties: Record<string, unknown> };
    expect(JSON.parse(String(machine.Properties.DefinitionString))).toEqual(
      JSON.parse(JSON.stringify(weeklyGrowthFlow())),
    );
    const [jobId] = functionOf('Weekly growth: grows every due portfolio from its ledger');
    expect(machine.Properties.DefinitionSubstitutions).toEqual({
      WeeklyGrowthFunctionArn: { 'Fn::GetAtt': [jobId, 'Arn'] },
    });
    expect(machine.Properties).toMatchObject({
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
  });
});

describe('the site', () => {
  const distribution = () =>
    (resources('AWS::CloudFront::Distribution')[0]?.[1].Properties.DistributionConfig ?? {}) as Record<string, unknown>;

  it('routes /api/* to the HTTP API uncached with every viewer header but Host, and nothing else there', () => {
    const behaviors = distribution().CacheBehaviors as Record<string, unknown>[];
    expect(behaviors).toHaveLength(1);
    expect(behaviors[0]).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      ViewerProtocolPolicy: 'https-only',
    });
    expect(behaviors[0]?.FunctionAssociations).toBeUndefined();
    const origins = distribution().Origins as {
      DomainName: unknown;
      S3OriginConfig?: unknown;
      OriginAccessControlId?: unknown;
    }[];
    expect(JSON.stringify(origins)).toContain('execute-api.eu-west-1.amazonaws.com');
  });

  it('answers deep links with their document (a prerendered page, else the shell) on the bucket behaviour only, by the shared SPA rule', () => {
    const defaultBehavior = distribution().DefaultCacheBehavior as Record<string, unknown>;
    expect(defaultBehavior.FunctionAssociations).toEqual(
      [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }].map(() =>
        expect.objectContaining({ EventType: 'viewer-request' }),
      ),
    );
    // The code CloudFront runs is the template's, run here in a fresh context.
    const functions = resources('AWS::CloudFront::Function');
    expect(functions).toHaveLength(1);
    const code = functions[0]?.[1].Properties.FunctionCode as string;
    expect(code).toBe(SPA_REWRITE_CODE);
    const handler = runInNewContext(`${code}; handler`) as (event: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    for (const [path, isRoute] of SPA_ROUTE_EXAMPLES) {
      expect({ path, uri: rewrite(path) }).toEqual({ path, uri: isRoute ? spaDocument(path) : path });
      expect({ path, shared: isSpaRoute(path) }).toEqual({ path, shared: isRoute });
    }
    expect(rewrite('/dashboard')).toBe(SPA_INDEX);
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/signup')).toBe('/signup.html');
    expect(rewrite('/forgot-password/')).toBe('/forgot-password.html');
    expect(rewrite('/constructor')).toBe(SPA_INDEX);
    expect(rewrite('/assets/app-3F2A.js')).toBe('/assets/app-3F2A.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    // And on any path: the function and the shared rule (which the local server applies) agree.
    const segment = fc.stringMatching(/^[A-Za-z0-9._~%-]{0,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(rewrite(path)).toBe(isSpaRoute(path) ? spaDocument(path) : path);
      }),
    );
  });

  it('keeps the buckets on delete and replacement, but not after a failed create', () => {
    const buckets = resources('AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    for (const [, bucket] of buckets)
      expect(bucket).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
  });

  it('keeps the bucket private behind origin access control', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: Match.anyValue(),
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('sends exactly the shared security headers for this region, on both behaviours', () => {
    const policies = resources('AWS::CloudFront::ResponseHeadersPolicy');
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0] ?? [];
    const config = policy?.Properties.ResponseHeadersPolicyConfig as PolicyConfig;
    // No CORS, custom or removed headers: the security headers are all there is.
    expect(Object.keys(config).sort()).toEqual(['Name', 'SecurityHeadersConfig']);
    expect(headersOf(config)).toEqual(securityHeaders(awsSiteOrigins('eu-west-1')));
    for (const setting of Object.values(config.SecurityHeadersConfig))
      expect(setting).toMatchObject({ Override: true });
    const behaviors = [distribution().DefaultCacheBehavior, ...(distribution().CacheBehaviors as unknown[])] as Record<
      string,
      unknown
    >[];
    for (const behavior of behaviors) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it("differs from the local server's headers only by HSTS (HTTPS) and the Cognito origins of the region", () => {
    const config = resources('AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1].Properties
      .ResponseHeadersPolicyConfig as PolicyConfig;
    const { 'strict-transport-security': hsts, ...aws } = headersOf(config);
    expect(hsts).toBe('max-age=31536000; includeSubDomains; preload');
    const cognito = new Set([...awsSiteOrigins('eu-west-1').connect, ...awsSiteOrigins('eu-west-1').formAction]);
    const withoutCognito = (csp: string) =>
      csp
        .split('; ')
        .map((directive) =>
          directive
            .split(' ')
            .filter((source) => !cognito.has(source))
            .join(' '),
        )
        .join('; ');
    expect({ ...aws, 'content-security-policy': withoutCognito(aws['content-security-policy'] ?? '') }).toEqual(
      LOCAL_SECURITY_HEADERS,
    );
  });

  it('compresses the bucket behaviour, as the local server does by the shared rules', () => {
    expect((distribution().DefaultCacheBehavior as Record<string, unknown>).Compress).toBe(true);
  });

  it('deploys the web build with /config.json from the stack outputs and invalidates the cache', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', { DistributionPaths: ['/*'], Prune: false });
    // config.json is written at deploy time from the pool, the client and the hosted-UI domain.
    const [, root] = resources('Custom::CDKBucketDeployment').find(([id]) => id.startsWith('SiteRootDocuments')) ?? [];
    const markers = JSON.stringify(root?.Properties.SourceMarkers);
    for (const ref of ['AuthUsers', 'AuthUsersWeb', 'AuthUsersHostedUi'])
      expect(markers).toMatch(new RegExp(`"Ref":"${ref}[0-9A-F]{8}"`));
    expect(root?.Properties.SystemMetadata).toEqual({ 'cache-control': REVALIDATE_CACHE_CONTROL });
  });

  it("writes /config.json in the shared shape (shared/site-config.ts), exactly, as the web parses it, never with the stage's funding instructions", () => {
    const written = deployedConfig(stack.node.root as App, template);
    const parsed = parseSiteConfig(written);
    // Nothing the shared shape does not know, nothing it fills in.
    expect(parsed).toEqual(written);
    expect(parsed).toEqual({
      region: 'eu-west-1',
      userPoolId: expect.stringMatching(/^Ref:AuthUsers[0-9A-F]{8}$/),
      userPoolClientId: expect.stringMatching(/^Ref:AuthUsersWeb[0-9A-F]{8}$/),
      oauthDomain: expect.stringMatching(/^Ref:AuthUsersHostedUi[0-9A-F]{8}\.auth\.eu-west-1\.amazoncognito\.com$/),
      googleSignIn: false,
    });

    const lines = [
      'Example Bank',
      'Account holder: Aurum Client Money',
      'IBAN: GB00 EXMP 0000 0000 0000 00',
      'Reference: your e-mail address',
    ];
    const google = synth({
      google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
      fundingInstructions: lines,
      firm: { ...DEMO_FIRM },
    });
    const withGoogle = deployedConfig(google.app, google.template);
    expect(parseSiteConfig(withGoogle)).toEqual(withGoogle);
    expect(withGoogle).toMatchObject({
      googleSignIn: true,
      oauthDomain: expect.stringContaining('.auth.eu-west-1.amazoncognito.com'),
    });
    // Public: what only an approved client may read stays with the portfolio (FUNDING_INSTRUCTIONS).
    expect(JSON.stringify(withGoogle)).not.toContain('Example Bank');
    // The stage's footer, as the stage gives it; none where it gives none.
    expect((withGoogle as { firm?: unknown }).firm).toEqual(DEMO_FIRM);
  });
});

type PolicyConfig = {
  Name: string;
  SecurityHeadersConfig: {
    ContentSecurityPolicy?: { ContentSecurityPolicy: string };
    ContentTypeOptions?: object;
    FrameOptions?: { FrameOption: string };
    ReferrerPolicy?: { ReferrerPolicy: string };
    StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Preload?: boolean };
    XSSProtection?: { Protection: boolean; ModeBlock?: boolean; ReportUri?: string };
  };
  CustomHeadersConfig?: { Items: { Header: string; Value: string }[] };
};

/** The headers CloudFront adds by a response headers policy, as the browser receives them. */
function headersOf(config: PolicyConfig): Record<string, string> {
  const s = config.SecurityHeadersConfig;
  const headers: Record<string, string> = {};
  if (s.ContentSecurityPolicy) headers['content-security-policy'] = s.ContentSecurityPolicy.ContentSecurityPolicy;
  if (s.ContentTypeOptions) headers['x-content-type-options'] = 'nosniff';
  if (s.FrameOptions) headers['x-frame-options'] = s.FrameOptions.FrameOption;
  if (s.ReferrerPolicy) headers['referrer-policy'] = s.ReferrerPolicy.ReferrerPolicy;
  const hsts = s.StrictTransportSecurity;
  if (hsts)
    headers['strict-transport-security'] = [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; ');
  const xss = s.XSSProtection;
  if (xss)
    headers['x-xss-protection'] = [
      xss.Protection ? '1' : '0',
      ...(xss.ModeBlock ? ['mode=block'] : []),
      ...(xss.ReportUri ? [`report=${xss.ReportUri}`] : []),
    ].join('; ');
  for (const item of config.CustomHeadersConfig?.Items ?? []) headers[item.Header.toLowerCase()] = item.Value;
  return headers;
}

/**
 * The config.json the root deployment uploads: the staged file, with each deploy-time marker
 * replaced by the reference it stands for (written `Ref:<logical id>`).
 */
function deployedConfig(app: App, built: Template): unknown {
  const [, root] =
    (Object.entries(built.findResources('Custom::CDKBucketDeployment')) as [string, Resource][]).find(([id]) =>
      id.startsWith('SiteRootDocuments'),
    ) ?? [];
  const keys = root?.Properties.SourceObjectKeys as string[];
  const markers = root?.Properties.SourceMarkers as Record<string, { Ref?: string }>[];
  const directory = app.synth().directory;
  const staged = keys.map((key, i) => ({
    file: join(directory, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'),
    markers: markers[i] ?? {},
  }));
  const found = staged.filter(({ file }) => existsSync(file));
  expect(found).toHaveLength(1);
  let text = readFileSync(found[0]!.file, 'utf8');
  for (const [marker, value] of Object.entries(found[0]!.markers)) {
    if (typeof value.Ref !== 'string') throw new Error(`unexpected marker value ${JSON.stringify(value)}`);
    text = text.split(marker).join(`Ref:${value.Ref}`);
  }
  expect(text).not.toContain('<<marker:');
  return JSON.parse(text);
}

describe('the web build upload', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'aurum-web-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('uploads the hashed assets but never their source maps', () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'app.html'), '<!doctype html><script type="module" src="/assets/app-abc.js"></script>');
    writeFileSync(join(webDist, 'assets/app-abc.js'), 'console.log(1);\n//# sourceMappingURL=app-abc.js.map\n');
    writeFileSync(join(webDist, 'assets/app-abc.js.map'), '{"version":3,"sources":["app.ts"],"mappings":""}');
    writeFileSync(join(webDist, 'nested.map'), '{}');
    const built = synth({}, webDist);
    const [, assets] =
      Object.entries(built.template.findResources('Custom::CDKBucketDeployment')).find(([id]) =>
        id.startsWith('SiteAssets'),
      ) ?? [];
    const keys = (assets as Resource | undefined)?.Properties.SourceObjectKeys as string[];
    expect(keys).toHaveLength(1);
    const staged = join(built.app.synth().directory, `asset.${keys[0]?.replace(/\.zip$/, '')}`);
    const files = filesUnder(staged);
    expect(files).toEqual(['app-abc.js']);
    expect(assets?.Properties.DestinationBucketKeyPrefix).toBe('assets/');
  });
});

describe('alarms and outputs', () => {
  // The alarms and their topic are the operations stack's (operations-stack.ts).
  const operations = templateReader(operationsTemplate);

  it('alarms on API 5xx and on every function error', () => {
    operationsTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: '5xx',
      Namespace: 'AWS/ApiGateway',
    });
    const errorAlarms = operations
      .ofType('AWS::CloudWatch::Alarm')
      .filter(([, a]) => a.Properties.MetricName === 'Errors');
    // And the operations stack's own functions: the version pruner (version-pruner.ts) and the monthly statements job.
    expect(errorAlarms.length).toBe(routes.length + FUNCTIONS_BESIDE_ROUTES + 2);
  });

  it('can notify: the topic is under a key of its own that CloudWatch may use, and CloudWatch alarms of this account may publish', () => {
    const [topicId, topic] = operations.ofType('AWS::SNS::Topic')[0] ?? [];
    const keyRef = (topic?.Properties.KmsMasterKeyId as { 'Fn::GetAtt'?: [string, string] } | undefined)?.[
      'Fn::GetAtt'
    ]?.[0];
    expect(keyRef).toBeDefined();
    const key = operationsTemplate.toJSON().Resources[keyRef ?? ''] as Resource;
    expect(key.Type).toBe('AWS::KMS::Key');
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const keyStatements = (key.Properties.KeyPolicy as { Statement: Record<string, unknown>[] }).Statement;
    expect(keyStatements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        Condition: { StringEquals: { 'aws:SourceAccount': TEST_STAGE.account } },
      }),
    );
    const [, policy] =
      operations
        .ofType('AWS::SNS::TopicPolicy')
        .find(([, p]) => JSON.stringify(p.Properties.Topics).includes(topicId ?? '?')) ?? [];
    const statements = (policy?.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: { Ref: topicId },
        Condition: {
          StringEquals: { 'aws:SourceAccount': TEST_STAGE.account },
          ArnLike: { 'aws:SourceArn': `arn:aws:cloudwatch:${TEST_STAGE.region}:${TEST_STAGE.account}:alarm:*` },
        },
      }),
    );
    // The enforce-SSL deny stays.
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('outputs the site URL, pool id, client id, table name and what the runbook reads', () => {
    const runbook = [
      'HostedUiDomain',
      'WeeklyGrowthFunctionName',
      'WeeklyGrowthDeadLetterQueueUrl',
      'WeeklyGrowthDeadLetterQueueArn',
      'AlarmTopicArn',
      'BackupVaultName',
      'OriginSecretArn',
    ];
    for (const name of ['SiteUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'Region', ...runbook])
      template.hasOutput(name, {});
    // Every output the runbook names exists, in the stack it reads it from.
    const doc = readFileSync(join(__dirname, '../../docs/operations.md'), 'utf8');
    for (const [line] of doc.matchAll(/^.*OutputKey=='\w+'.*$/gm)) {
      const owner = line.includes('--stack-name "$STACK-Operations"') ? operationsTemplate : template;
      for (const name of line.matchAll(/OutputKey=='(\w+)'/g)) owner.hasOutput(name[1] ?? '?', {});
    }
  });
});
