import fc from 'fast-check';
import {
  describePayoutAccount,
  isValidRoutingNumber,
  normalUsAccountNumber,
  payoutMessages,
  sentMessages,
} from './payout-account';
import { normalIban } from './iban';
import { payoutAccountBody, requestSentBody } from './payout-bodies';
import { parseBody } from './parse-body';

describe('IBAN', () => {
  it.each([
    ['GB82WEST12345698765432', 'GB82WEST12345698765432'],
    ['gb82 west 1234 5698 7654 32', 'GB82WEST12345698765432'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    [' FR14 2004 1010 0505 0001 3M02 606 ', 'FR1420041010050500013M02606'],
  ])('takes %p as %p', (text, iban) => {
    expect(normalIban(text)).toBe(iban);
  });

  it.each([
    'GB82WEST12345698765433', // one digit off: the mod-97 check fails
    'GB82WEST1234569876543', // one short for GB
    'XX82WEST12345698765432', // no such country
    'GB82-WEST-1234',
    '',
  ])('refuses %p', (text) => {
    expect(normalIban(text)).toBeNull();
  });

  it('refuses every single-digit change of a valid IBAN', () => {
    const valid = 'DE89370400440532013000';
    fc.assert(
      fc.property(fc.integer({ min: 4, max: valid.length - 1 }), fc.integer({ min: 1, max: 9 }), (at, step) => {
        const digit = (Number(valid[at]) + step) % 10;
        const changed = `${valid.slice(0, at)}${digit}${valid.slice(at + 1)}`;
        expect(normalIban(changed)).toBeNull();
      }),
    );
  });
});

describe('US account and routing numbers', () => {
  it.each(['011000015', '021000021', '026009593', '121000358'])('takes the routing number %p', (routing) => {
    expect(isValidRoutingNumber(routing)).toBe(true);
  });

  it.each(['011000016', '12345678', '0110000150', '01100001a', ''])('refuses the routing number %p', (routing) => {
    expect(isValidRoutingNumber(routing)).toBe(false);
  });

  it('refuses every single-digit change of a valid routing number (the 3-7-1 weights are prime to 10)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (at, step) => {
        const valid = '026009593';
        const changed = `${valid.slice(0, at)}${(Number(valid[at]) + step) % 10}${valid.slice(at + 1)}`;
        expect(isValidRoutingNumber(changed)).toBe(false);
      }),
    );
  });

  it('takes 4 to 17 digits of account number, as printed with spaces or dashes', () => {
    expect(normalUsAccountNumber('0001 2345-6789')).toBe('000123456789');
    expect(normalUsAccountNumber('1234')).toBe('1234');
    expect(normalUsAccountNumber('123')).toBeNull();
    expect(normalUsAccountNumber('1'.repeat(18))).toBeNull();
    expect(normalUsAccountNumber('12ab34')).toBeNull();
  });
});

describe('what is shown of an account', () => {
  it('is the last four digits, the IBAN country or the routing number, never the whole number', () => {
    expect(describePayoutAccount({ kind: 'iban', last4: '5432', country: 'GB' })).toBe('IBAN GB•• ending 5432');
    expect(describePayoutAccount({ kind: 'us', last4: '6789', routingNumber: '011000015' })).toBe(
      'US account ending 6789 (routing 011000015)',
    );
  });
});

describe('the payout account body', () => {
  const base = { holderName: ' Alice Example ', bankName: 'Example Bank', password: 'Passw0rd!' };

  it('comes out normalised: the IBAN as the bank stores it, the names trimmed', () => {
    expect(parseBody(payoutAccountBody, { ...base, kind: 'iban', iban: 'gb82 west 1234 5698 7654 32' })).toEqual({
      ok: true,
      value: {
        holderName: 'Alice Example',
        bankName: 'Example Bank',
        account: { kind: 'iban', iban: 'GB82WEST12345698765432' },
        password: 'Passw0rd!',
      },
    });
    expect(
      parseBody(payoutAccountBody, {
        ...base,
        kind: 'us',
        accountNumber: '0001-2345',
        routingNumber: '011000015',
        code: '123456',
      }),
    ).toEqual({
      ok: true,
      value: {
        holderName: 'Alice Example',
        bankName: 'Example Bank',
        account: { kind: 'us', accountNumber: '00012345', routingNumber: '011000015' },
        password: 'Passw0rd!',
        code: '123456',
      },
    });
  });

  it.each([
    [{ ...base, kind: 'iban' }, payoutMessages.ibanRequired],
    [{ ...base, kind: 'iban', iban: 'GB82WEST12345698765433' }, payoutMessages.ibanInvalid],
    [{ ...base, kind: 'us', routingNumber: '011000015' }, payoutMessages.accountNumberRequired],
    [{ ...base, kind: 'us', accountNumber: '12' }, payoutMessages.accountNumberInvalid],
    [{ ...base, kind: 'us', accountNumber: '12345678' }, payoutMessages.routingNumberRequired],
    [
      { ...base, kind: 'us', accountNumber: '12345678', routingNumber: '011000016' },
      payoutMessages.routingNumberInvalid,
    ],
    [{ ...base, kind: 'iban', iban: 'GB82WEST12345698765432', holderName: '  ' }, payoutMessages.holderNameRequired],
    [{ ...base, kind: 'iban', iban: 'GB82WEST12345698765432', bankName: 'x'.repeat(141) }, payoutMessages.nameTooLong],
    [{ ...base, kind: 'iban', iban: 'GB82WEST12345698765432', holderName: 'Eve\u202Eevil' }, payoutMessages.nameUnsafe],
    [{ ...base, kind: 'swift', iban: 'GB82WEST12345698765432' }, payoutMessages.kindRequired],
  ])('refuses %p: %p', (body, message) => {
    expect(parseBody(payoutAccountBody, body)).toEqual({ ok: false, message });
  });

  it('refuses a field it does not know (a whole account number smuggled as another field, a usableFrom)', () => {
    const body = { ...base, kind: 'iban', iban: 'GB82WEST12345698765432', usableFrom: '2020-01-01T00:00:00.000Z' };
    expect(parseBody(payoutAccountBody, body).ok).toBe(false);
  });
});

describe('the sent body', () => {
  it('takes a reference and a date', () => {
    expect(parseBody(requestSentBody, { reference: ' WIRE-0042 ', sentAt: '2026-11-20' })).toEqual({
      ok: true,
      value: { reference: 'WIRE-0042', sentAt: Date.UTC(2026, 10, 20) },
    });
  });

  it.each([
    [{ sentAt: '2026-11-20' }, sentMessages.referenceRequired],
    [{ reference: '  ', sentAt: '2026-11-20' }, sentMessages.referenceRequired],
    [{ reference: '=HYPERLINK("x")', sentAt: '2026-11-20' }, sentMessages.referenceInvalid],
    [{ reference: 'x'.repeat(65), sentAt: '2026-11-20' }, sentMessages.referenceInvalid],
    [{ reference: 'WIRE-1' }, sentMessages.sentAtRequired],
    [{ reference: 'WIRE-1', sentAt: '2026-13-45' }, sentMessages.sentAtInvalid],
  ])('refuses %p: %p', (body, message) => {
    expect(parseBody(requestSentBody, body)).toEqual({ ok: false, message });
  });
});
