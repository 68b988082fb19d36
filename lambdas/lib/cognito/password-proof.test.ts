/**
 * The pool and client a password is proven against come from the caller's verified access token:
 * its issuer names the pool, its client_id the app client. A token that names neither is refused
 * (401, as the wrapper answers it) rather than proven against anything else.
 */
import { signInPoolOf } from './password-proof';
import { HttpError } from '../http/errors';
import { httpErrorOf } from '../http/http';

describe('signInPoolOf', () => {
  it('reads the pool from the issuer and the client from client_id, in AWS and on the local Cognito', () => {
    expect(
      signInPoolOf({ iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123xyz', client_id: 'client-1' }),
    ).toEqual({
      userPoolId: 'eu-west-1_AbC123xyz',
      clientId: 'client-1',
    });
    expect(signInPoolOf({ iss: 'http://localhost:9229/local_5Xk2', client_id: 'c' })).toEqual({
      userPoolId: 'local_5Xk2',
      clientId: 'c',
    });
  });

  it.each([
    ['no issuer', { client_id: 'c' }],
    ['an issuer without a pool id', { iss: 'https://cognito-idp.eu-west-1.amazonaws.com/', client_id: 'c' }],
    [
      'a pool id with something after it',
      { iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc/x', client_id: 'c' },
    ],
    ['no client', { iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc' }],
    ['an empty client', { iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Abc', client_id: '' }],
  ])('refuses a token with %s (401)', (_, claims) => {
    let refusal: unknown;
    try {
      signInPoolOf(claims);
    } catch (error) {
      refusal = error;
    }
    const answered = httpErrorOf(refusal);
    expect(answered).toBeInstanceOf(HttpError);
    expect((answered as HttpError).statusCode).toBe(401);
  });
});
