/** The local stack's rule for administrators' sessions: ADMIN_PASSKEY_REQUIRED=1 requires passkeys, else not. */
import { localAdminPasskeyRequired } from './admin-passkey-required';

it('is off unless ADMIN_PASSKEY_REQUIRED is 1', () => {
  expect(localAdminPasskeyRequired({})).toBe(false);
  expect(localAdminPasskeyRequired({ ADMIN_PASSKEY_REQUIRED: '' })).toBe(false);
  expect(localAdminPasskeyRequired({ ADMIN_PASSKEY_REQUIRED: '0' })).toBe(false);
  expect(localAdminPasskeyRequired({ ADMIN_PASSKEY_REQUIRED: ' 1 ' })).toBe(true);
});

it.each(['true', 'yes', 'on', '2', 'O'])('refuses ADMIN_PASSKEY_REQUIRED=%p, naming the variable', (text) => {
  expect(() => localAdminPasskeyRequired({ ADMIN_PASSKEY_REQUIRED: text })).toThrow(
    /^ADMIN_PASSKEY_REQUIRED must be '1' \(on\) or '0' \(off\)/,
  );
});
