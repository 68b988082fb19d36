/** The local stack's sign-up mode: the developer's CLIENT_SIGN_UP, or open. */
import { localClientSignUp } from './client-sign-up';

it('is open unless CLIENT_SIGN_UP says otherwise', () => {
  expect(localClientSignUp({})).toBe('open');
  expect(localClientSignUp({ CLIENT_SIGN_UP: '' })).toBe('open');
  expect(localClientSignUp({ CLIENT_SIGN_UP: ' review ' })).toBe('review');
  expect(localClientSignUp({ CLIENT_SIGN_UP: 'open' })).toBe('open');
});

it.each(['Review', 'reveiw', 'closed', 'true'])('refuses CLIENT_SIGN_UP=%p, naming the variable', (mode) => {
  expect(() => localClientSignUp({ CLIENT_SIGN_UP: mode })).toThrow(/^CLIENT_SIGN_UP must be 'open' or 'review'/);
});
