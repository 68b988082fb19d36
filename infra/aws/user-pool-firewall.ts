/**
 * A WAF web ACL in front of the user pool's public API and hosted UI. Cognito evaluates it for
 * unauthenticated and token-authorized operations (not for the IAM-signed Admin* calls our
 * Lambdas make), on the Essentials feature plan.
 */
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { wafVisibility } from './waf-visibility';

/** The header that names the operation of a Cognito JSON API request. */
export const TARGET_HEADER = 'x-amz-target';
const SERVICE = 'AWSCognitoIdentityProviderService';

/** Self-service account deletion: a client account ends only through the admins' Delete Client. */
export const DELETE_USER_TARGET = `${SERVICE}.DeleteUser`;

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

/** The target header equals `value`; under LOWERCASE too, so a changed case cannot slip past. */
function targetIs(value: string, transformation: 'NONE' | 'LOWERCASE'): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { singleHeader: { Name: TARGET_HEADER } },
      positionalConstraint: 'EXACTLY',
      searchString: transformation === 'LOWERCASE' ? value.toLowerCase() : value,
      textTransformations: [{ priority: 0, type: transformation }],
    },
  };
}

function hostedUiFormPost(path: string): CfnWebACL.StatementProperty {
  return {
    andStatement: {
      statements: [
        { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: 'POST', textTransformations: [{ priority: 0, type: 'NONE' }] } },
        { byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: path, textTransformations: [{ priority: 0, type: 'LOWERCASE' }] } },
      ],
    },
  };
}

export interface UserPoolFirewallProps {
  userPool: IUserPool;
}

export class UserPoolFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: UserPoolFirewallProps) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'Acl', {
      scope: 'REGIONAL',
      description: 'Aurum client portal: the Cognito user pool',
      defaultAction: { allow: {} },
      visibilityConfig: wafVisibility('aurum-user-pool'),
      rules: [
        {
          // The app client's tokens carry aws.cognito.signin.user.admin (the API needs it), and
          // that scope also lets a user call DeleteUser on themselves: the books would keep a
          // portfolio whose owner is gone. Only the admins' Delete Client removes an account.
          name: 'BlockSelfDelete',
          priority: 0,
          action: { block: {} },
          statement: { orStatement: { statements: [targetIs(DELETE_USER_TARGET, 'NONE'), targetIs(DELETE_USER_TARGET, 'LOWERCASE')] } },
          visibilityConfig: wafVisibility('aurum-user-pool-self-delete'),
        },
        {
          // Cognito's own lockout is per user; this stops one source spraying passwords over
          // many e-mails, probing reset codes, or sending mail through sign-up and resend.
          name: 'SignInRatePerIp',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: SIGN_IN_RATE.limit,
              evaluationWindowSec: SIGN_IN_RATE.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                orStatement: { statements: [...SIGN_IN_TARGETS.map((t) => targetIs(t, 'LOWERCASE')), ...HOSTED_UI_FORM_PATHS.map(hostedUiFormPost)] },
              },
            },
          },
          visibilityConfig: wafVisibility('aurum-user-pool-sign-in-rate'),
        },
        {
          // Known bots, scanners and addresses seen in attacks: free beyond the rule's fee.
          name: 'AwsIpReputation',
          priority: 2,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
          visibilityConfig: wafVisibility('aurum-user-pool-ip-reputation'),
        },
      ],
    });

    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
