/**
 * The user pool's Lambda triggers, called in-process: the functions given in
 * `options.triggers` receive the events real Cognito sends (trigger-events.ts), and a throw
 * reaches the caller as the UserLambdaValidationException Cognito answers. cognito-local's own
 * Lambda service is replaced by the `Triggers` here, which enables only PostConfirmation:
 * PreSignUp is called by the SignUp operation (operations/sign-up.ts), CustomMessage by
 * messages.ts and PreTokenGeneration by the token issuer (token-issuer.ts), with the events
 * Cognito sends.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import type { Logger } from 'pino';
import type { Triggers } from './cognito-local-internals';
import { cognitoError, messageOf } from './errors';
import type { CognitoRequest } from './request';
import { eventHeader, postConfirmationEvent, preSignUpEvent } from './trigger-events';
import { overrideOf, preTokenGenerationEvent, type ClaimsOverride, type TokenRequest } from './token-customization';
import type { LocalCognitoTriggers } from './types';

type PostConfirmationParams = Parameters<Triggers['postConfirmation']>[1];
type PreSignUpParams = Parameters<Triggers['preSignUp']>[1];
type PreSignUpResponse = PreSignUpTriggerEvent['response'];

const notEnabled = (name: string) => () =>
  Promise.reject(new Error(`the ${name} trigger is not enabled in the local Cognito`));

/** Runs a trigger: its answer (or the event, when it answers nothing), or Cognito's error for its throw. */
function triggerCaller(logger: Logger) {
  return async function callTrigger<E>(name: string, fn: (event: E) => Promise<E>, event: E): Promise<E> {
    try {
      return (await fn(event)) ?? event;
    } catch (e) {
      logger.warn({ err: e }, `${name} trigger failed`);
      throw cognitoError(
        'UserLambdaValidationException',
        `${name} failed with error ${String(messageOf(e) ?? String(e))}.`,
      );
    }
  };
}

/**
 * For cognito-local's targets, which call a trigger only when `enabled` says so: PostConfirmation
 * runs there; PreSignUp is enabled per request by the SignUp operation, which supplies it.
 */
function cognitoLocalTriggers(
  configured: LocalCognitoTriggers,
  postConfirmation: (p: PostConfirmationParams) => Promise<void>,
): Triggers {
  return {
    enabled: (name) => name === 'PostConfirmation' && !!configured.postConfirmation,
    postConfirmation: (_ctx, p) => postConfirmation(p),
    customMessage: notEnabled('CustomMessage'),
    customEmailSender: notEnabled('CustomEmailSender'),
    postAuthentication: notEnabled('PostAuthentication'),
    preSignUp: notEnabled('PreSignUp'),
    preTokenGeneration: notEnabled('PreTokenGeneration'),
    userMigration: notEnabled('UserMigration'),
  };
}

export function createTriggers(options: {
  region: string;
  triggers: LocalCognitoTriggers | undefined;
  logger: Logger;
}) {
  const { region } = options;
  const configured = options.triggers ?? {};
  const callTrigger = triggerCaller(options.logger);

  async function postConfirmation(p: PostConfirmationParams): Promise<void> {
    const fn = configured.postConfirmation;
    if (fn) await callTrigger('PostConfirmation', fn, postConfirmationEvent(region, p));
  }

  /** The PreSignUp_* event as Cognito sends it, with the request's validationData and clientMetadata. */
  async function preSignUp(p: PreSignUpParams, req: CognitoRequest): Promise<PreSignUpResponse> {
    const event = preSignUpEvent(region, p, req);
    const fn = configured.preSignUp;
    if (!fn) return event.response;
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
    const header = eventHeader(region, { ...request, username: request.user.Username });
    const out = await callTrigger('PreTokenGeneration', fn, preTokenGenerationEvent(request, header));
    return overrideOf(out.response);
  }

  return {
    region,
    callTrigger,
    postConfirmation,
    preSignUp,
    preSignUpConfigured: !!configured.preSignUp,
    preTokenGeneration,
    customMessage: configured.customMessage,
    cognitoLocal: cognitoLocalTriggers(configured, postConfirmation),
  };
}

export type LocalTriggers = ReturnType<typeof createTriggers>;
