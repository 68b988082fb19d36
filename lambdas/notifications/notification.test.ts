import { OPTIONAL_EMAILS } from '../../shared/email-preferences';
import { notificationPolicies } from './notification';

it('marks optional exactly the e-mails the account page offers to turn off', () => {
  const optional = Object.entries(notificationPolicies)
    .filter(([, policy]) => policy.optional)
    .map(([kind]) => kind);
  expect(optional.sort()).toEqual([...OPTIONAL_EMAILS].sort());
});
