/**
 * The software authenticator's answers pass the relying-party library the emulator verifies
 * with, and each switch a refusal test uses makes that library refuse.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { softwareAuthenticator } from '../index';

const origin = 'http://localhost:5173';
const rpID = 'localhost';

async function registered(userVerified = true) {
  const authenticator = softwareAuthenticator({ origin, userVerified });
  const options = await generateRegistrationOptions({
    rpName: 'Aurum',
    rpID,
    userName: 'ada@example.com',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const response = authenticator.create(options);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  });
  return { authenticator, verified };
}

it('registers an ES256 credential with attestation none, user verified', async () => {
  const { authenticator, verified } = await registered();
  expect(verified.verified).toBe(true);
  expect(verified.registrationInfo?.fmt).toBe('none');
  expect(verified.registrationInfo?.userVerified).toBe(true);
  expect(verified.registrationInfo?.credential.id).toBe(authenticator.credentials[0]?.id);
});

it('signs in with it, its counter growing', async () => {
  const { authenticator, verified } = await registered();
  const info = verified.registrationInfo!;
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: [{ id: info.credential.id }],
    userVerification: 'required',
  });
  const result = await verifyAuthenticationResponse({
    response: authenticator.get(options),
    expectedChallenge: options.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: info.credential,
    requireUserVerification: true,
  });
  expect(result.verified).toBe(true);
  expect(result.authenticationInfo.newCounter).toBe(1);
});

it('makes answers the library refuses: another origin, another RP ID, no user verification', async () => {
  const { authenticator, verified } = await registered();
  const info = verified.registrationInfo!;
  const options = await generateAuthenticationOptions({ rpID, allowCredentials: [{ id: info.credential.id }] });
  const check = (overrides: Parameters<typeof authenticator.get>[1]) =>
    verifyAuthenticationResponse({
      response: authenticator.get(options, overrides),
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: info.credential,
      requireUserVerification: true,
    });
  await expect(check({ origin: 'http://localhost:9999' })).rejects.toThrow(/origin/i);
  await expect(check({ rpId: 'example.com' })).rejects.toThrow(/RP ID/i);
  await expect(check({ userVerified: false })).rejects.toThrow(/verified/i);
  await expect(registered(false)).rejects.toThrow(/verified/i);
});
