/** The local stack's client agreement: the demo's, or AGREEMENT_VERSION and AGREEMENT_URL, refused when malformed. */
import { DEMO_AGREEMENT, localClientAgreement } from './client-agreement';

it("is the demo's unless AGREEMENT_VERSION or AGREEMENT_URL says otherwise", () => {
  expect(localClientAgreement({})).toEqual(DEMO_AGREEMENT);
  expect(localClientAgreement({ AGREEMENT_VERSION: '', AGREEMENT_URL: ' ' })).toEqual(DEMO_AGREEMENT);
  expect(localClientAgreement({ AGREEMENT_VERSION: ' 2027-01 ' })).toEqual({ ...DEMO_AGREEMENT, version: '2027-01' });
  expect(localClientAgreement({ AGREEMENT_URL: 'https://firm.example/v2' })).toEqual({
    ...DEMO_AGREEMENT,
    url: 'https://firm.example/v2',
  });
});

it.each(['v 1', 'v/1', 'x'.repeat(33)])('refuses AGREEMENT_VERSION=%p, naming the variable', (version) => {
  expect(() => localClientAgreement({ AGREEMENT_VERSION: version })).toThrow(/^AGREEMENT_VERSION must be/);
});

it.each(['javascript:alert(1)', 'agreement.html'])('refuses AGREEMENT_URL=%p, naming the variable', (url) => {
  expect(() => localClientAgreement({ AGREEMENT_URL: url })).toThrow(/^AGREEMENT_URL must be/);
});
