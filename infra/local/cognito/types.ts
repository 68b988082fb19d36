/** The local Cognito's public contract: what the stack, the gateway, the admin tool and tests use. */
import type {
  CustomMessageTriggerEvent,
  PostConfirmationTriggerEvent,
  PreSignUpTriggerEvent,
  PreTokenGenerationTriggerEvent,
} from 'aws-lambda';

export interface CapturedEmail {
  to: string;
  subject: string;
  body: string;
  code: string | null;
  sentAt: string;
  /** What sent it: 'SignUp', 'ResendCode', 'ForgotPassword', 'AdminCreateUser', ... */
  kind: string;
  /** The Cognito user name (the `sub` UUID in this pool). */
  username: string;
}

export interface GoogleProvider {
  /** The provider's issuer (its discovery document is at `/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface HostedUiOptions {
  google: GoogleProvider;
  /** The app client's callback and sign-out URLs (exact matches, as Cognito compares them). */
  callbackUrls: readonly string[];
  logoutUrls: readonly string[];
}

export interface LocalCognitoTriggers {
  /** Called by SignUp before the user exists; a throw refuses the sign-up. */
  preSignUp?: (event: PreSignUpTriggerEvent) => Promise<PreSignUpTriggerEvent>;
  postConfirmation?: (event: PostConfirmationTriggerEvent) => Promise<PostConfirmationTriggerEvent>;
  customMessage?: (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;
  /** Called before every issue of tokens (sign-in, new password, refresh, hosted UI); a throw refuses them. */
  preTokenGeneration?: (event: PreTokenGenerationTriggerEvent) => Promise<PreTokenGenerationTriggerEvent>;
}

/** Passkeys (WebAuthn): the pool's relying party and the pages a ceremony may come from. */
export interface WebAuthnOptions {
  /** The relying party ID: the site's host or a registrable suffix of it (`localhost` on this machine). */
  relyingPartyId: string;
  /** Every origin the site's pages are served from (`http://localhost:<port>`); a ceremony from any other is refused. */
  origins: readonly string[];
}

export interface LocalCognitoOptions {
  dataDir: string;
  host?: string;
  port?: number;
  region?: string;
  triggers?: LocalCognitoTriggers;
  onEmail?: (mail: CapturedEmail) => void;
  quiet?: boolean;
  /**
   * The stack's backend secret: what a caller sends in COGNITO_BACKEND_HEADER to be let through
   * where AWS wants an IAM signature (the Admin* operations) or the firewall's pass (the password
   * and two-factor changes). A random one when not given; `backendSecret` of the running emulator.
   */
  backendSecret?: string;
  /**
   * The clock (epoch ms) of the attempt limits and lockouts (limits.ts) and of the 3-minute life
   * of sign-in challenge sessions (operations/two-factor.ts), so tests can move past a 15-minute
   * lockout or an expired session without waiting for it. Tokens keep the real clock (their
   * verifiers do too), and so do authenticator codes (the user's app does).
   */
  now?: () => number;
  /**
   * The hosted UI ("Continue with Google"), served over TLS: the identity provider it sends the
   * browser to, the app client's callback and sign-out URLs, and the certificate and port.
   */
  hostedUi?: HostedUiOptions & { tls: { key: string; cert: string }; port?: number };
  /**
   * Passkeys, as the pool's WebAuthnConfiguration (relying party) and where the site is served.
   * Without it the passkey operations answer WebAuthnConfigurationMissingException, as a pool
   * with no relying party does.
   */
  webAuthn?: WebAuthnOptions;
}

export interface LocalCognito {
  endpoint: string;
  region: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  /** When started with one: the hosted UI's origin (`https://localhost:<port>`) and its domain (`localhost:<port>`, Amplify's oauth domain). */
  hostedUi?: { origin: string; domain: string };
  stop(): Promise<void>;
}

/** What startLocalCognito gives its caller in this process: the contract, and what only the local stack may do. */
export interface RunningLocalCognito extends LocalCognito {
  /** The backend secret its own port requires (LocalCognitoOptions.backendSecret). */
  backendSecret: string;
  /**
   * Local only, never reachable over HTTP (the demo seed, tests): gives the user (user name or
   * e-mail) an authenticator app with this base32 secret, verified, turned on and preferred, as
   * AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference would leave it.
   */
  setUpSoftwareTokenMfa(username: string, secret: string): Promise<void>;
}
