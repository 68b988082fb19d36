/**
 * A WAF web ACL in front of the user pool's public API and hosted UI. Cognito evaluates it for
 * unauthenticated and token-authorized operations (not for the IAM-signed Admin* calls our
 * Lambdas make), on the Essentials feature plan.
 */
import { type CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  ACCOUNT_CHANGE_OPERATIONS,
  ALWAYS_REFUSED_OPERATIONS,
  COGNITO_BACKEND_HEADER,
} from '../../lambdas/lib/cognito/cognito-backend-header';
import { deployTimeSecret } from './deploy-time-secret';
import { wafVisibility } from './waf-visibility';
import { allowingWebAcl, awsManagedRule, byteMatch, ratePerIp } from './waf-rules';
import { WafLogging } from './waf-logging';
import { rateRuleAction, rateRuleMode } from './waf-rate-rules';

/** The header that names the operation of a Cognito JSON API request. */
export const TARGET_HEADER = 'x-amz-target';
const SERVICE = 'AWSCognitoIdentityProviderService';

/** Self-service account deletion: a client account ends only through the admins' Delete Client. */
export const DELETE_USER_TARGET = `${SERVICE}.${ALWAYS_REFUSED_OPERATIONS[0]}`;

/**
 * A password change and the second factor's life (ACCOUNT_CHANGE_OPERATIONS, the list the local
 * Cognito's own port refuses by too): refused unless they come from the API's functions.
 */
export const ACCOUNT_CHANGE_TARGETS = ACCOUNT_CHANGE_OPERATIONS.map((op) => `${SERVICE}.${op}`);

/** Operations that try a password or a code, or send mail: what a guesser or a spammer repeats. */
export const SIGN_IN_TARGETS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
].map((op) => `${SERVICE}.${op}`);

/** The same, through the hosted UI's forms (it offers e-mail and password next to Google). */
export const HOSTED_UI_FORM_PATHS = ['/login', '/signup', '/forgotpassword', '/confirm'];

/** Sign-in attempts one IP may make per window before it is blocked until its rate falls. */
export const SIGN_IN_RATE = { limit: 100, windowSeconds: 300 };

/**
 * Challenge answers (the SRP proof, then a code) one IP may send per window: a sign-in answers one
 * or two, so 20 is about ten sign-ins. Cognito locks a user after five wrong codes; this stops one
 * source guessing codes across many users.
 */
export const CHALLENGE_ANSWER_RATE = { limit: 20, windowSeconds: 300 };

/** The target header equals `value`; under LOWERCASE too, so a changed case cannot slip past. */
function targetIs(value: string, transformation: 'NONE' | 'LOWERCASE'): CfnWebACL.StatementProperty {
  return byteMatch(
    { singleHeader: { Name: TARGET_HEADER } },
    'EXACTLY',
    transformation === 'LOWERCASE' ? value.toLowerCase() : value,
    transformation,
  );
}

function hostedUiFormPost(path: string): CfnWebACL.StatementProperty {
  return {
    andStatement: {
      statements: [
        byteMatch({ method: {} }, 'EXACTLY', 'POST'),
        byteMatch({ uriPath: {} }, 'STARTS_WITH', path, 'LOWERCASE'),
      ],
    },
  };
}

/** The API's functions' pass: the header carries the secret exactly (the header's name is matched in any case). */
function fromTheApi(secret: string): CfnWebACL.StatementProperty {
  return byteMatch({ singleHeader: { Name: COGNITO_BACKEND_HEADER } }, 'EXACTLY', secret);
}

export interface UserPoolFirewallProps {
  userPool: IUserPool;
  stage: string;
}

export class UserPoolFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  /** The value of COGNITO_BACKEND_HEADER that lets the API's functions make the account changes (ACCOUNT_CHANGE_TARGETS). */
  readonly backendSecret: Secret;
  readonly logging: WafLogging;

  constructor(scope: Construct, id: string, props: UserPoolFirewallProps) {
    super(scope, id);
    this.backendSecret = deployTimeSecret(this, 'BackendSecret', {
      description:
        "Aurum portal: the header the API's functions send to Cognito, which the user pool's WAF requires of password and two-factor changes",
      readBy: "the user pool's WAF and the API's functions",
    });
    const backendSecret = this.backendSecret.secretValue.unsafeUnwrap();
    const rateAction = rateRuleAction(rateRuleMode(this, props.stage));
    this.webAcl = allowingWebAcl(this, {
      scope: 'REGIONAL',
      description: 'Aurum client portal: the Cognito user pool',
      metricName: 'aurum-user-pool',
      rules: [
        {
          // The app client's tokens carry aws.cognito.signin.user.admin (the API needs it), and
          // that scope also lets a user call DeleteUser on themselves: the books would keep a
          // portfolio whose owner is gone. Only the admins' Delete Client removes an account.
          name: 'BlockSelfDelete',
          priority: 0,
          action: { block: {} },
          statement: {
            orStatement: {
              statements: [targetIs(DELETE_USER_TARGET, 'NONE'), targetIs(DELETE_USER_TARGET, 'LOWERCASE')],
            },
          },
          visibilityConfig: wafVisibility('aurum-user-pool-self-delete'),
        },
        {
          // A browser (or anyone with a user's access token) changes a password or the second
          // factor only through the API, whose functions send the secret header.
          name: 'BlockAccountChangesOutsideTheApi',
          priority: 1,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                {
                  orStatement: {
                    statements: ACCOUNT_CHANGE_TARGETS.flatMap((t) => [targetIs(t, 'NONE'), targetIs(t, 'LOWERCASE')]),
                  },
                },
                { notStatement: { statement: fromTheApi(backendSecret) } },
              ],
            },
          },
          visibilityConfig: wafVisibility('aurum-user-pool-account-changes'),
        },
        {
          // Cognito's own lockout is per user; this stops one source spraying passwords over
          // many e-mails, probing reset codes, or sending mail through sign-up and resend.
          // It counts until the stage says it blocks (waf-rate-rules.ts).
          name: 'SignInRatePerIp',
          priority: 2,
          action: rateAction,
          statement: ratePerIp(SIGN_IN_RATE, {
            orStatement: {
              statements: [
                ...SIGN_IN_TARGETS.map((t) => targetIs(t, 'LOWERCASE')),
                ...HOSTED_UI_FORM_PATHS.map(hostedUiFormPost),
              ],
            },
          }),
          visibilityConfig: wafVisibility('aurum-user-pool-sign-in-rate'),
        },
        {
          name: 'ChallengeAnswerRatePerIp',
          priority: 3,
          action: rateAction,
          statement: ratePerIp(CHALLENGE_ANSWER_RATE, targetIs(`${SERVICE}.RespondToAuthChallenge`, 'LOWERCASE')),
          visibilityConfig: wafVisibility('aurum-user-pool-challenge-rate'),
        },
        // Known bots, scanners and addresses seen in attacks: free beyond the rule's fee.
        awsManagedRule('AwsIpReputation', 'AWSManagedRulesAmazonIpReputationList', 4, 'aurum-user-pool-ip-reputation'),
        // Tor, VPNs and open proxies trying passwords. Not on the API's own calls, which come
        // from Lambda (a hosting provider), and hosting providers only count, as on the site.
        awsManagedRule('AwsAnonymousIp', 'AWSManagedRulesAnonymousIpList', 5, 'aurum-user-pool-anonymous-ip', {
          countOnly: ['HostingProviderIPList'],
          scopeDownStatement: { notStatement: { statement: fromTheApi(backendSecret) } },
        }),
      ],
    });
    // The pass the API's functions send is the firewall's own secret: never written to its log.
    this.logging = new WafLogging(this, 'Logging', {
      webAcl: this.webAcl,
      name: `aurum-${props.stage}-user-pool`,
      redactHeaders: [COGNITO_BACKEND_HEADER],
    });

    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
