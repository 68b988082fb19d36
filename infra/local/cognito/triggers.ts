/**
 * The user pool's Lambda triggers, called in-process: the functions given in
 * `options.triggers` receive the events real Cognito sends, and a throw reaches the caller as the
 * UserLambdaValidationException Cognito answers. cognito-local's own Lambda service is replaced
 * by the `Triggers` here, which enables only PostConfirmation: PreSignUp is called by the SignUp
 * operation (operations/sign-up.ts), CustomMessage by messages.ts and PreTokenGeneration by the
 * token issuer (token-issuer.ts), with the events Cognito sends.
 */
import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import type { Logger } from 'pino';
import { attributesToRecord, type Triggers } from './cognito-local-internals';
import { cognitoError, messageOf } from './errors';
import { clientMetadataOf, type CognitoRequest } from './request';
import { overrideOf, preTokenGenerationEvent, type ClaimsOverride, type TokenRequest } from './token-customization';
import type { LocalCognitoTriggers } from './types';

type PostConfirmationParams = Parameters<Triggers['postConfirmation']>[1];
type PreSignUpParams = Parameters<Triggers['preSignUp']>[1];
type PreSignUpResponse = PreSignUpTriggerEvent['response'];

/** What the AWS SDK v3 reports itself as in `callerContext`; the product's callers all use it. */
const SDK_VERSION = 'aws-sdk-js-3';
/** Cognito's `clientId` in a trigger event for an operation that has no app client (Admin*). */
const NO_CLIENT = 'CLIENT_ID_NOT_APPLICABLE';

const notEnabled = (name: string) => () => Promise.reject(new Error(`the ${name} trigger is not enabled in the local Cognito`));

export function createTriggers(options: { region: string; triggers: LocalCognitoTriggers | undefined; logger: Logger }) {
  const { region, logger } = options;
  const configured = options.triggers ?? {};

  async function callTrigger<E>(name: string, fn: (event: E) => Promise<E>, event: E): Promise<E> {
    try {
      return (await fn(event)) ?? event;
    } catch (e) {
      logger.warn({ err: e }, `${name} trigger failed`);
      throw cognitoError('UserLambdaValidationException', `${name} failed with error ${String(messageOf(e) ?? String(e))}.`);
    }
  }

  const callerContext = (clientId: string | null) => ({ awsSdkVersion: SDK_VERSION, clientId: clientId ?? NO_CLIENT });

  async function postConfirmation(p: PostConfirmationParams): Promise<void> {
    const fn = configured.postConfirmation;
    if (!fn) return;
    const event: PostConfirmationTriggerEvent = {
      version: '1',
      region,
      userPoolId: p.userPoolId,
      userName: p.username,
      callerContext: callerContext(p.clientId),
      triggerSource: p.source,
      request: {
        userAttributes: attributesToRecord(p.userAttributes),
        ...(p.clientMetadata ? { clientMetadata: p.clientMetadata } : {}),
      },
      response: {},
    };
    await callTrigger('PostConfirmation', fn, event);
  }

  /**
   * The PreSignUp_SignUp event as Cognito sends it. The user does not exist yet, so there is no
   * `sub` among the attributes (the `userName` is the one it will get); `validationData` and
   * `clientMetadata` are there when the caller sent them (cognito-local's event never has
   * validationData, hence the request).
   */
  async function preSignUp(p: PreSignUpParams, req: CognitoRequest): Promise<PreSignUpResponse> {
    const fn = configured.preSignUp;
    const response = { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false };
    if (!fn) return response;
    const clientMetadata = clientMetadataOf(req.ClientMetadata);
    const event: PreSignUpTriggerEvent = {
      version: '1',
      region,
      userPoolId: p.userPoolId,
      userName: p.username,
      callerContext: callerContext(p.clientId),
      triggerSource: p.source,
      request: {
        userAttributes: attributesToRecord(p.userAttributes.filter((a) => a.Name !== 'sub')),
        ...(Array.isArray(req.ValidationData) ? { validationData: attributesToRecord(req.ValidationData) } : {}),
        ...(clientMetadata ? { clientMetadata } : {}),
      },
      response,
    };
    const out = await callTrigger('PreSignUp', fn, event);
    return {
      autoConfirmUser: out.response?.autoConfirmUser === true,
      autoVerifyEmail: out.response?.autoVerifyEmail === true,
      autoVerifyPhone: out.response?.autoVerifyPhone === true,
    };
  }

  /** Before every issue of tokens: the trigger's changes to them, or null when the pool has no such trigger. */
  async function preTokenGeneration(request: TokenRequest): Promise<ClaimsOverride | null> {
    const fn = configured.preTokenGeneration;
    if (!fn) return null;
    const event = preTokenGenerationEvent(request, { region, callerContext: callerContext(request.clientId) });
    const out = await callTrigger('PreTokenGeneration', fn, event);
    return overrideOf(out.response);
  }

  /**
   * For cognito-local's targets, which call a trigger only when `enabled` says so: PostConfirmation
   * runs there; PreSignUp is enabled per request by the SignUp operation, which supplies it.
   */
  const cognitoLocalTriggers: Triggers = {
    enabled: (name) => name === 'PostConfirmation' && !!configured.postConfirmation,
    postConfirmation: (_ctx, p) => postConfirmation(p),
    customMessage: notEnabled('CustomMessage'),
    customEmailSender: notEnabled('CustomEmailSender'),
    postAuthentication: notEnabled('PostAuthentication'),
    preSignUp: notEnabled('PreSignUp'),
    preTokenGeneration: notEnabled('PreTokenGeneration'),
    userMigration: notEnabled('UserMigration'),
  };

  return {
    callTrigger,
    callerContext,
    postConfirmation,
    preSignUp,
    preSignUpConfigured: !!configured.preSignUp,
    preTokenGeneration,
    customMessage: configured.customMessage,
    cognitoLocal: cognitoLocalTriggers,
  };
}

export type LocalTriggers = ReturnType<typeof createTriggers>;
