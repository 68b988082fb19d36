/**
 * The Cognito user pool (docs/product.md, "Sign-in and roles"): e-mail as the username, the product's password
 * rule, e-mail verification, optional two-factor sign-in by authenticator app, the admins group, the triggers, an app client for the SPA
 * (which lets users write only the attributes sign-up and Google's mapping write), the
 * hosted-UI domain (Cognito's prefix domain, or auth.<name> under the stage's own domain), Google
 * when the deploy is given its client, and a WAF web ACL in front.
 */
import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPool,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  OAuthScope,
  PasskeyUserVerification,
  ProviderAttribute,
  type StandardAttributesMask,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import { Construct, type IDependable } from 'constructs';
import { userPoolDefinition as def } from '../../shared/user-pool';
import { addHostedUiRecord, type SiteDomain } from './custom-domain';
import { UserPoolFirewall } from './user-pool-firewall';

export interface GoogleSignIn {
  clientId: string;
  /** Name of a Secrets Manager secret whose value is the Google OAuth client secret. */
  clientSecretName: string;
}

export interface AuthProps {
  /** Refuses sign-up names that could disguise themselves in the admins' lists and e-mails. */
  preSignUp: IFunction;
  postConfirmation: IFunction;
  customMessage: IFunction;
  /** Puts the profile's names in every ID token (the profile is where names are checked). */
  preTokenGeneration: IFunction;
  /** The site's origin (https://<domain> or https://...cloudfront.net): OAuth callback and sign-out URLs. */
  siteUrl: string;
  /**
   * The site's host (the stage's domain, or the distribution's name): the passkeys' relying
   * party, so a passkey made on the site answers only the site, never a look-alike page.
   */
  siteHost: string;
  /** Also allow http://localhost:3000 as a callback, for development against this pool. */
  localhostCallbacks: boolean;
  google?: GoogleSignIn;
  /** The hosted-UI domain prefix: unique in the region across all of AWS, so it names the stage. */
  domainPrefix: string;
  /** The stage's own domain: the hosted UI is served at its auth name instead of the prefix domain. */
  customDomain?: HostedUiCustomDomain;
  /** When the stage names a verified SES identity, the pool's e-mails go through it. */
  ses?: SesSender;
  stage: string;
}

export interface HostedUiCustomDomain {
  domain: SiteDomain;
  /** The record of the auth name's parent (the site's A record): Cognito refuses a custom domain until it exists. */
  parentRecord: IDependable;
}

export interface SesSender {
  fromEmail: string;
  fromName?: string;
  /** The verified identity: fromEmail's domain, or fromEmail itself. */
  identity: string;
}

type WritableAttribute = (typeof def.writeAttributes)[number] | (typeof def.googleWriteAttributes)[number];

/** CDK's name of each attribute the app client may write. */
const MASK_NAME: Record<WritableAttribute, keyof StandardAttributesMask> = {
  email: 'email',
  given_name: 'givenName',
  family_name: 'familyName',
  picture: 'profilePicture',
};

function standardAttributesMask(attributes: readonly WritableAttribute[]): StandardAttributesMask {
  return Object.fromEntries(attributes.map((name) => [MASK_NAME[name], true]));
}

/**
 * The hosted UI's domain: Cognito's prefix domain, or the stage's auth name with the site's
 * certificate, its alias record, and the parent record it waits for.
 */
function hostedUiDomainOf(
  scope: Construct,
  userPool: UserPool,
  props: Pick<AuthProps, 'domainPrefix' | 'customDomain'>,
): UserPoolDomain {
  const custom = props.customDomain;
  if (!custom) return userPool.addDomain('HostedUi', { cognitoDomain: { domainPrefix: props.domainPrefix } });
  const domain = userPool.addDomain('HostedUi', {
    customDomain: { domainName: custom.domain.authName, certificate: custom.domain.certificate },
  });
  domain.node.addDependency(custom.parentRecord);
  addHostedUiRecord(scope, custom.domain, domain);
  return domain;
}

export class PortalAuth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** The hosted UI's host name (no scheme): what config.json and the runbook name. */
  readonly hostedUiDomain: string;
  readonly googleEnabled: boolean;
  readonly firewall: UserPoolFirewall;
  /** Set when the pool sends through SES: every message it sends is tracked under it. */
  readonly mailConfigurationSet?: ConfigurationSet;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    if (props.ses) {
      this.mailConfigurationSet = new ConfigurationSet(this, 'Mail', {
        configurationSetName: `aurum-${props.stage}-cognito`,
        sendingEnabled: true,
        reputationMetrics: true,
      });
    }
    this.userPool = new UserPool(this, 'Users', {
      userPoolName: def.poolName,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A new e-mail address takes effect only once its code is confirmed: until then the verified
      // one stays the sign-in name and what the ID token carries, so nobody can put an address they
      // do not own on an account (the app client lets users write `email`, as sign-up and Google's
      // attribute mapping need; the portal itself never changes e-mail addresses).
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: def.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Two-factor sign-in by authenticator app (TOTP) only: OPTIONAL for the pool, because clients
      // may keep password sign-in, and required of admins by the API (lambdas/lib/http/admin-membership.ts),
      // which refuses an admin without it. No SMS: it would need an SNS role and a spend limit, and
      // is the weaker factor. The web answers the SOFTWARE_TOKEN_MFA challenge with
      // RespondToAuthChallenge and sets the app up with Associate/VerifySoftwareToken, all with the
      // public client and the user's own session or access token: no app client flow or IAM to add.
      mfa: Mfa[def.mfa.mode],
      mfaSecondFactor: { otp: def.mfa.totp, sms: def.mfa.sms, email: false },
      // Cognito's own sender stops at a few dozen e-mails a day: a stage with a verified SES
      // identity sends through it (docs/operations.md, "Verify SES").
      email: props.ses
        ? UserPoolEmail.withSES({
            fromEmail: props.ses.fromEmail,
            fromName: props.ses.fromName,
            sesRegion: Stack.of(this).region,
            ...(props.ses.identity === props.ses.fromEmail ? {} : { sesVerifiedDomain: props.ses.identity }),
            configurationSetName: this.mailConfigurationSet?.configurationSetName,
          })
        : undefined,
      // Passkeys (shared/user-pool.ts): a first factor beside the password, always with user
      // verification, which Essentials needs and which counts as multi-factor (below).
      featurePlan: FeaturePlan.ESSENTIALS,
      signInPolicy: {
        allowedFirstAuthFactors: {
          password: def.firstFactors.includes('PASSWORD'),
          passkey: def.firstFactors.includes('WEB_AUTHN'),
        },
      },
      passkeyRelyingPartyId: props.siteHost,
      passkeyUserVerification: PasskeyUserVerification.REQUIRED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      lambdaTriggers: {
        preSignUp: props.preSignUp,
        postConfirmation: props.postConfirmation,
        customMessage: props.customMessage,
        preTokenGeneration: props.preTokenGeneration,
      },
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product spec fixes the password rule: at least 6 characters, no class requirements.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA (authenticator app) is OPTIONAL for the pool so clients may sign in with a password alone; the API requires it of admins (refuses an admin without TOTP), and Google users have Google 2-Step Verification. Cognito built-in lockout stays on.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (advanced security) is the paid Plus tier; the built-in account lockout of the Essentials tier stays on.',
      },
      { id: 'AwsSolutions-COG8', reason: 'The Plus feature plan is paid; see COG3.' },
    );

    // A passkey sign-in with user verification stands for the authenticator code: a user with
    // two-factor sign-in on is not asked for a code after one. CDK has no property for it yet.
    (this.userPool.node.defaultChild as CfnUserPool).webAuthnFactorConfiguration = def.passkeys.factorConfiguration;

    this.firewall = new UserPoolFirewall(this, 'Firewall', { userPool: this.userPool, stage: props.stage });

    new CfnUserPoolGroup(this, 'Admins', {
      userPoolId: this.userPool.userPoolId,
      groupName: def.adminGroup,
      description: 'Administrators of the Aurum client portal',
    });

    let google: UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        clientSecretValue: SecretValue.secretsManager(props.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
          profilePicture: ProviderAttribute.GOOGLE_PICTURE,
        },
      });
    }
    this.googleEnabled = google !== undefined;

    const flows: readonly string[] = def.authFlows;
    const urls = [`${props.siteUrl}/`, ...(props.localhostCallbacks ? ['http://localhost:3000/'] : [])];
    this.client = this.userPool.addClient('Web', {
      userPoolClientName: def.clientName,
      generateSecret: false,
      // The definition's sign-in flow; refreshes rotate (below); no admin or custom flow.
      authFlows: {
        userSrp: flows.includes('USER_SRP_AUTH'),
        user: flows.includes('USER_AUTH'),
        userPassword: flows.includes('USER_PASSWORD_AUTH'),
        custom: false,
        adminUserPassword: false,
      },
      // Who is a client of the firm cannot be probed through sign-in, reset or resend (docs/decisions/0004-enumeration-protection.md).
      preventUserExistenceErrors: def.preventUserExistenceErrors,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(def.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(def.idTokenValidityMinutes),
      refreshTokenValidity: Duration.days(def.refreshTokenValidityDays),
      // Each refresh hands out a new refresh token and retires the one it was given (shared/user-pool.ts).
      // Refreshes go through GetTokensFromRefreshToken (Amplify's own); CDK drops ALLOW_REFRESH_TOKEN_AUTH.
      refreshTokenRotationGracePeriod: Duration.seconds(def.refreshTokenRotationGraceSeconds),
      // Exactly what a user may write of their own: sign-up's attributes, and Google's mapped ones
      // where Google signs in (shared/user-pool.ts). Without the list, any standard attribute.
      writeAttributes: new ClientAttributes().withStandardAttributes(
        standardAttributesMask([...def.writeAttributes, ...(google ? def.googleWriteAttributes : [])]),
      ),
      supportedIdentityProviders: [
        UserPoolClientIdentityProvider.COGNITO,
        ...(google ? [UserPoolClientIdentityProvider.GOOGLE] : []),
      ],
      oAuth: {
        flows: { authorizationCodeGrant: true },
        // COGNITO_ADMIN is aws.cognito.signin.user.admin: hosted-UI (Google) tokens must carry the API's scope too.
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
        callbackUrls: urls,
        logoutUrls: urls,
      },
    });
    // Known first-deploy ordering bug: the client must wait for the provider it names.
    if (google) this.client.node.addDependency(google);

    this.domain = hostedUiDomainOf(this, this.userPool, props);
    this.hostedUiDomain = props.customDomain
      ? this.domain.domainName
      : `${this.domain.domainName}.auth.${Stack.of(this).region}.amazoncognito.com`;
  }

  /** The issuer of this pool's tokens. */
  get issuer(): string {
    return `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
