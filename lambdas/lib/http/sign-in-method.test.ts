/** How a session signed in, read from its token's `amr` in both the forms it arrives in. */
import fc from 'fast-check';
import { userPoolDefinition } from '../../../shared/user-pool';
import { signInMethodOf } from './sign-in-method';

const { signInMethods } = userPoolDefinition;
/** HTTP API's form of an array claim. */
const flattened = (words: readonly string[]) => `[${words.join(' ')}]`;

describe('the sign-in method of an amr claim', () => {
  it.each([
    [signInMethods.password, 'password'],
    [signInMethods.passwordAndCode, 'passwordAndCode'],
    [signInMethods.passkey, 'passkey'],
  ] as const)('%j is %s, as a list and as HTTP API flattens it', (words, method) => {
    expect(signInMethodOf([...words])).toBe(method);
    expect(signInMethodOf(flattened(words))).toBe(method);
    expect(signInMethodOf(JSON.stringify(words))).toBe(method);
  });

  it('calls any multi-factor sign-in without a password a passkey one, whatever word the key has', () => {
    expect(signInMethodOf(['swk', 'mfa'])).toBe('passkey');
    expect(signInMethodOf('[mfa hwk]')).toBe('passkey');
  });

  it('knows nothing of a token without amr (Google), nor of odd values', () => {
    for (const odd of [undefined, null, '', '[]', [], 42, {}, ['user'], '[hwk]', [1, 2]])
      expect(signInMethodOf(odd)).toBe('unknown');
  });

  it('never calls a sign-in with a password a passkey one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('pwd', 'otp', 'mfa', 'hwk', 'user', 'swk', 'sms')), (words) => {
        const method = signInMethodOf(words);
        expect(method === 'passkey').toBe(words.includes('mfa') && !words.includes('pwd'));
        expect(signInMethodOf(flattened(words))).toBe(method);
      }),
    );
  });
});
