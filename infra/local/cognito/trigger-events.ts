/**
 * The events the user pool's Lambda triggers receive, shaped as Cognito sends them: one header
 * (version, region, pool, user, caller, source) on each, then the trigger's own request. The
 * Pre Token Generation event is token-customization.ts's, with what its answer may change.
 */
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { attributesToRecord, type Triggers, type User } from './cognito-local-internals';
import { clientMetadataOf, type CognitoRequest } from './request';

type PostConfirmationParams = Parameters<Triggers['postConfirmation']>[1];
type PreSignUpParams = Parameters<Triggers['preSignUp']>[1];

/** What the AWS SDK v3 reports itself as in `callerContext`; the product's callers all use it. */
const SDK_VERSION = 'aws-sdk-js-3';
/** Cognito's `clientId` in a trigger event for an operation that has no app client (Admin*). */
const NO_CLIENT = 'CLIENT_ID_NOT_APPLICABLE';

export interface EventHeader<S extends string> {
  version: '1';
  region: string;
  userPoolId: string;
  userName: string;
  callerContext: { awsSdkVersion: string; clientId: string };
  triggerSource: S;
}

/** Who an event is about and why: the parts of its header that vary. */
export interface EventSubject<S extends string> {
  userPoolId: string;
  username: string;
  clientId: string | null;
  source: S;
}

export const callerContext = (clientId: string | null) => ({
  awsSdkVersion: SDK_VERSION,
  clientId: clientId ?? NO_CLIENT,
});

export function eventHeader<S extends string>(region: string, subject: EventSubject<S>): EventHeader<S> {
  const { userPoolId, username, clientId, source } = subject;
  return {
    version: '1',
    region,
    userPoolId,
    userName: username,
    callerContext: callerContext(clientId),
    triggerSource: source,
  };
}

export function postConfirmationEvent(region: string, p: PostConfirmationParams): PostConfirmationTriggerEvent {
  return {
    ...eventHeader(region, p),
    request: {
      userAttributes: attributesToRecord(p.userAttributes),
      ...(p.clientMetadata ? { clientMetadata: p.clientMetadata } : {}),
    },
    response: {},
  };
}

/**
 * The user does not exist yet, so there is no `sub` among the attributes (the `userName` is the
 * one it will get); `validationData` and `clientMetadata` are there when the caller sent them
 * (cognito-local's parameters never carry validationData, hence the request).
 */
export function preSignUpEvent(region: string, p: PreSignUpParams, req: CognitoRequest): PreSignUpTriggerEvent {
  const clientMetadata = clientMetadataOf(req.ClientMetadata);
  return {
    ...eventHeader(region, p),
    request: {
      userAttributes: attributesToRecord(p.userAttributes.filter((a) => a.Name !== 'sub')),
      ...(Array.isArray(req.ValidationData) ? { validationData: attributesToRecord(req.ValidationData) } : {}),
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

/** The placeholders a CustomMessage trigger writes into its text, which the pool then fills. */
export const CODE_PARAMETER = '{####}';
export const USERNAME_PARAMETER = '{username}';
const LINK_PARAMETER = '{##Click Here##}';

/** `source` is cognito-local's message source (SignUp, ForgotPassword, ...), which names the trigger source. */
export function customMessageEvent(
  region: string,
  message: {
    source: string;
    clientId: string | null;
    userPoolId: string;
    user: User;
    clientMetadata: Record<string, string> | undefined;
  },
): CustomMessageTriggerEvent {
  const { source, user, clientMetadata } = message;
  const header = eventHeader(region, {
    userPoolId: message.userPoolId,
    username: user.Username,
    clientId: message.clientId,
    source: `CustomMessage_${source}`,
  });
  return {
    ...header,
    request: {
      userAttributes: attributesToRecord(user.Attributes),
      codeParameter: CODE_PARAMETER,
      linkParameter: LINK_PARAMETER,
      usernameParameter: source === 'AdminCreateUser' ? USERNAME_PARAMETER : null,
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}
