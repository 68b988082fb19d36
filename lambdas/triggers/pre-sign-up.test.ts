import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { handler } from './pre-sign-up';

/** A sign-up's event as Cognito sends it, with `email` as typed. */
function signUp(
  email: string,
  triggerSource: PreSignUpTriggerEvent['triggerSource'] = 'PreSignUp_SignUp',
): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'pool',
    userName: 'a-sub',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: { userAttributes: { email, given_name: 'Eve', family_name: 'Crafted' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

describe('pre-sign-up: the address, checked again behind the form and the user pool', () => {
  it.each([
    'a\r\nBcc: x@example.com',
    '<img src=x>-a@example.com',
    '<img>-a@example.com',
    'a b@example.com',
    'a\u0000@example.com',
    'eve@example.com>',
    '',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j with the form’s own words', async (email) => {
    await expect(handler(signUp(email))).rejects.toThrow('Invalid email address');
  });

  it('takes a plain address, and leaves a Google user’s to Google', async () => {
    await expect(handler(signUp('alice+portal@example.co.uk'))).resolves.toMatchObject({
      request: { userAttributes: { email: 'alice+portal@example.co.uk' } },
    });
    await expect(handler(signUp('', 'PreSignUp_ExternalProvider'))).resolves.toBeDefined();
  });
});
