/**
 * /cognito: the local Cognito for the calls a browser may make. What a browser may ask Cognito
 * for is short; user management stays with the Admin APIs of the backend, and the header
 * forwarded is exactly the operation that was allowed.
 */
import type { IncomingMessage } from 'node:http';
import { parseCognitoTarget } from '@aurum/cognito-emulator';
import { readBody } from '../http/read-body';
import { send } from './send';
import type { GatewayRoute } from './types';

/**
 * Not DeleteUser: a client account ends only through the admins' Delete Client (in AWS the user
 * pool's WAF blocks it), or the client's money would be left without a login. Not the password
 * and second-factor changes (ChangePassword, AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference): they go through the API's /api/me routes, which record them, end the
 * other sessions and e-mail the user (in AWS the user pool's WAF blocks them too).
 */
const BROWSER_COGNITO_OPERATIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
]);

const MAX_REQUEST_BYTES = 1024 * 1024;

/** The headers Cognito is sent: the request's content type and SDK user agent, and the operation allowed. */
function upstreamHeaders(req: IncomingMessage, target: string): Record<string, string> {
  return {
    'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
    'x-amz-target': target,
    ...(req.headers['x-amz-user-agent'] ? { 'x-amz-user-agent': String(req.headers['x-amz-user-agent']) } : {}),
  };
}

export function cognitoForwarder(endpoint: string): GatewayRoute {
  return {
    matches: (pathname) => pathname === '/cognito' || pathname === '/cognito/',
    async handle(req, res) {
      if (req.method === 'OPTIONS') return send(res, 204, '');
      if (req.method !== 'POST') return send(res, 405, { __type: 'MethodNotAllowed', message: 'POST only' });
      const header = String(req.headers['x-amz-target'] ?? '');
      const operation = parseCognitoTarget(header);
      const refuse = (type: string, message: string) =>
        send(
          res,
          400,
          { __type: type, message },
          { 'x-amzn-errortype': type, 'content-type': 'application/x-amz-json-1.1' },
        );
      if (operation === null)
        return refuse('UnknownOperationException', `Invalid x-amz-target header "${header.slice(0, 200)}"`);
      if (!BROWSER_COGNITO_OPERATIONS.has(operation))
        return refuse('NotAuthorizedException', `${operation} is not available to browsers`);
      const body = await readBody(req, MAX_REQUEST_BYTES);
      if (body === 'too-large')
        return send(res, 413, { __type: 'InvalidParameterException', message: 'Request too large' });
      const upstream = await fetch(`${endpoint}/`, {
        method: 'POST',
        headers: upstreamHeaders(req, header),
        body: new Uint8Array(body),
      });
      const headers: Record<string, string> = {
        'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
        'cache-control': 'no-store',
      };
      const errorType = upstream.headers.get('x-amzn-errortype');
      if (errorType) headers['x-amzn-errortype'] = errorType;
      res.writeHead(upstream.status, headers);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    },
  };
}
