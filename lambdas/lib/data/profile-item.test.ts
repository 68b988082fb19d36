/** A new PROFILE item of each kind: a client on the client indexes; a staff account and an applicant off them. */
import { emptyBalance } from '../../../shared/growth';
import { newProfileItem } from './profile-item';
import { signUpStatus } from './sign-up-status';
import { newApplicationItem } from './applications';

const client = { sub: 'u-1', email: 'Kim@Example.com', firstName: 'Kim', lastName: 'Lee', cognitoUsername: 'u-1' };
const at = Date.parse('2026-03-02T10:00:00.000Z');
const indexes = ['GSI1PK', 'GSI1SK', 'GSI4SK', 'GSI5SK'];

it('puts a client on every client index, active', () => {
  const item = newProfileItem(client, emptyBalance(at), at);
  expect(Object.keys(item)).toEqual(expect.arrayContaining(indexes));
  expect(item).not.toHaveProperty('status');
  expect(item).not.toHaveProperty('staff');
});

it.each([
  ['staff', { staff: true }],
  ['applied', { status: 'applied' }],
] as const)('keeps a %s profile off every client index', (kind, marked) => {
  const item = newProfileItem(client, emptyBalance(at), at, kind);
  for (const name of indexes) expect(item).not.toHaveProperty(name);
  expect(item).toMatchObject(marked);
});

it('applies for review only in review mode', () => {
  expect(signUpStatus('open')).toBe('active');
  expect(signUpStatus('review')).toBe('applied');
});

it("queues a new application by when it was made, with the applicant's names and lower-case e-mail", () => {
  expect(newApplicationItem(client, at)).toEqual({
    PK: 'CLIENT#u-1',
    SK: 'APPLICATION',
    GSI3PK: 'APPLICATIONS#pending',
    GSI3SK: '2026-03-02T10:00:00.000Z#u-1',
    sub: 'u-1',
    email: 'kim@example.com',
    firstName: 'Kim',
    lastName: 'Lee',
    appliedAt: '2026-03-02T10:00:00.000Z',
    status: 'pending',
  });
});
