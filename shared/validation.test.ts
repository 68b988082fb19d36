import fc from 'fast-check';
import { DAY_MS } from './growth';
import { apiMessages, validation } from './messages';
import {
  checkAdminWithdrawalAmount,
  checkBalanceAmount,
  checkDepositAmount,
  checkDepositDate,
  checkWithdrawalRequestAmount,
} from './amount-forms';
import { checkSignInForm, checkSignUpForm } from './forms';
import { checkNameFields, checkNames } from './names';
import { withdrawalLimitMessages } from './withdrawal-rules';
import {
  adminWithdrawalBody,
  balanceBody,
  createPortfolioBody,
  depositBody,
  namesBody,
  parseBody,
  parseIsoTimestamp,
  rejectBody,
  withdrawalRequestBody,
} from './validation';

describe('the form rules and their messages, word for word', () => {
  it('has them exactly', () => {
    expect(validation.passwordMismatch).toEqual({
      title: 'Password mismatch',
      description: "Passwords don't match. Please check and try again.",
    });
    expect(validation.passwordTooShort).toEqual({
      title: 'Password too short',
      description: 'Password should be at least 6 characters long.',
    });
    expect(validation.invalidWithdrawalAmount).toEqual({
      title: 'Invalid Amount',
      description: 'Please enter a valid withdrawal amount',
    });
    expect(validation.amountTooHigh('$12.34')).toEqual({
      title: 'Amount Too High',
      description: 'You can only withdraw up to $12.34 in eligible profit',
    });
    expect(validation.invalidDepositAmount.description).toBe('Please enter a valid positive deposit amount');
    expect(validation.invalidAdminWithdrawalAmount.description).toBe('Please enter a valid positive withdrawal amount');
    expect(validation.invalidBalance.description).toBe('Please enter a valid positive number');
    expect(validation.deleteConfirmation('a@b.co')).toBe(
      'Are you sure you want to delete client a@b.co? This action cannot be undone.',
    );
  });
});

describe('request bodies', () => {
  it('deposit: dollars become cents, the note is trimmed, the date parsed', () => {
    expect(parseBody(depositBody, { amount: 1234.5, note: '  wire  ', timestamp: '2026-11-20T00:00:00.000Z' })).toEqual(
      {
        ok: true,
        value: { amount: 123450, note: 'wire', timestamp: Date.parse('2026-11-20T00:00:00.000Z') },
      },
    );
    expect(parseBody(depositBody, { amount: 5 })).toEqual({ ok: true, value: { amount: 500, note: '' } });
    expect(parseBody(depositBody, { amount: 5, note: null, timestamp: '2026-11-20' })).toMatchObject({
      ok: true,
      value: { note: '' },
    });
  });

  it.each([
    [{ amount: 0 }, 'Please enter a valid positive deposit amount'],
    [{ amount: -5 }, 'Please enter a valid positive deposit amount'],
    [{ amount: '5' }, 'Please enter a valid positive deposit amount'],
    [{ amount: 10.001 }, 'Please enter a valid positive deposit amount'],
    [{}, 'Please enter a valid positive deposit amount'],
    [{ amount: 5, note: 'x'.repeat(501) }, apiMessages.noteTooLong],
    [{ amount: 5, note: 7 }, apiMessages.noteTooLong],
    [{ amount: 5, note: 'nul\u0000byte' }, apiMessages.noteUnsafeCharacters],
    [{ amount: 5, note: 'bell\u0007' }, apiMessages.noteUnsafeCharacters],
    [{ amount: 5, note: '\u202Egnp.exe' }, apiMessages.noteUnsafeCharacters],
    [{ amount: 5, timestamp: 'yesterday' }, apiMessages.invalidTimestamp],
    [{ amount: 5, timestamp: '2026-02-30T00:00:00Z' }, apiMessages.invalidTimestamp],
    [{ amount: 5, timestamp: 1700000000000 }, apiMessages.invalidTimestamp],
    [{ amount: 5, admin: true }, 'Unknown field: admin'],
    [null, apiMessages.malformedJson],
    [[1, 2], apiMessages.malformedJson],
    ['{"amount":5}', apiMessages.malformedJson],
  ])('deposit %j -> %s', (body, message) => {
    expect(parseBody(depositBody, body)).toEqual({ ok: false, message });
  });

  it('a note may keep tabs and line breaks', () => {
    expect(parseBody(adminWithdrawalBody, { amount: 1, note: 'wire\tref 42\nsecond line' })).toEqual({
      ok: true,
      value: { amount: 100, note: 'wire\tref 42\nsecond line' },
    });
  });

  it('a rejection reason refuses control and text-direction characters, line breaks included', () => {
    for (const reason of ['nul\u0000byte', 'bell\u0007', '\u202Egnp.exe', 'two\nlines']) {
      expect(parseBody(rejectBody, { reason })).toEqual({ ok: false, message: apiMessages.reasonUnsafeCharacters });
    }
  });

  it('a note of exactly 500 characters after trimming is fine', () => {
    expect(parseBody(adminWithdrawalBody, { amount: 1, note: ` ${'n'.repeat(500)} ` })).toMatchObject({ ok: true });
  });

  it('admin withdrawal and balance use their own messages; a balance may be zero', () => {
    expect(parseBody(adminWithdrawalBody, { amount: 0 })).toEqual({
      ok: false,
      message: 'Please enter a valid positive withdrawal amount',
    });
    expect(parseBody(balanceBody, { balance: 0 })).toEqual({ ok: true, value: { balance: 0 } });
    expect(parseBody(balanceBody, { balance: -0.01 })).toEqual({
      ok: false,
      message: 'Please enter a valid positive number',
    });
    expect(parseBody(balanceBody, { balance: Number('1e400') })).toEqual({
      ok: false,
      message: 'Please enter a valid positive number',
    });
  });

  it('client withdrawal request', () => {
    expect(parseBody(withdrawalRequestBody, { userId: 'u1', userEmail: 'a@example.com', amount: 100 })).toEqual({
      ok: true,
      value: { userId: 'u1', userEmail: 'a@example.com', amount: 10_000 },
    });
    // The minimum request: $100.00 is taken, a cent less is not.
    expect(parseBody(withdrawalRequestBody, { userId: 'u1', userEmail: 'a@example.com', amount: 99.99 })).toEqual({
      ok: false,
      message: 'The minimum withdrawal request is $100.00',
    });
    expect(parseBody(withdrawalRequestBody, { userId: 'u1', userEmail: 'a@example.com', amount: 0.01 })).toEqual({
      ok: false,
      message: withdrawalLimitMessages.belowMinimum.description,
    });
    expect(parseBody(withdrawalRequestBody, { userId: 'u1', userEmail: 'a@example.com', amount: 0 })).toEqual({
      ok: false,
      message: 'Please enter a valid withdrawal amount',
    });
    expect(parseBody(withdrawalRequestBody, { userId: 'u1', userEmail: 'nope', amount: 1 })).toEqual({
      ok: false,
      message: 'Invalid email address',
    });
    expect(parseBody(withdrawalRequestBody, { userEmail: 'a@example.com', amount: 1 })).toEqual({
      ok: false,
      message: apiMessages.userIdRequired,
    });
  });

  it('create portfolio: only an empty one', () => {
    expect(parseBody(createPortfolioBody, { userId: 'u1', initialBalance: 0 })).toEqual({
      ok: true,
      value: { userId: 'u1', initialBalance: 0 },
    });
    expect(parseBody(createPortfolioBody, { userId: 'u1' })).toMatchObject({ ok: true });
    expect(parseBody(createPortfolioBody, { userId: 'u1', initialBalance: 1000 })).toEqual({
      ok: false,
      message: apiMessages.initialBalanceMustBeZero,
    });
    expect(parseBody(createPortfolioBody, { userId: '', initialBalance: 0 })).toEqual({
      ok: false,
      message: apiMessages.userIdRequired,
    });
    expect(parseBody(createPortfolioBody, { userId: 'u'.repeat(129) })).toEqual({
      ok: false,
      message: apiMessages.userIdTooLong,
    });
  });

  it('reject needs a reason', () => {
    expect(parseBody(rejectBody, { reason: '  not yet  ' })).toEqual({ ok: true, value: { reason: 'not yet' } });
    expect(parseBody(rejectBody, { reason: '   ' })).toEqual({ ok: false, message: apiMessages.reasonRequired });
    expect(parseBody(rejectBody, {})).toEqual({ ok: false, message: apiMessages.reasonRequired });
  });

  it("answers every refusal in the product's words, never in zod's defaults (property)", () => {
    const schemas = [
      depositBody,
      adminWithdrawalBody,
      balanceBody,
      withdrawalRequestBody,
      createPortfolioBody,
      rejectBody,
    ];
    // Anything, and long strings for the length limits.
    const value = fc.oneof(fc.anything(), fc.string({ minLength: 100, maxLength: 600 }), fc.double());
    const fields = fc.record(
      {
        amount: value,
        balance: value,
        note: value,
        timestamp: value,
        userId: value,
        userEmail: value,
        initialBalance: value,
        reason: value,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fields, (schema, body) => {
        const result = parseBody(schema, body);
        return result.ok || !/^Invalid input|^Too (big|small)|^Expected/.test(result.message);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws and always answers with a message, whatever arrives (property)', () => {
    const schemas = [
      depositBody,
      adminWithdrawalBody,
      balanceBody,
      withdrawalRequestBody,
      createPortfolioBody,
      rejectBody,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.anything(), (schema, body) => {
        const result = parseBody(schema, body);
        return result.ok || (typeof result.message === 'string' && result.message.length > 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('deposit dates', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('refuses the future and more than a year back', () => {
    expect(checkDepositDate(now, now)).toBeNull();
    expect(checkDepositDate(now - 200 * DAY_MS, now)).toBeNull();
    expect(checkDepositDate(now + 60_000, now)).toBeNull(); // clock skew
    expect(checkDepositDate(now + DAY_MS, now)).toBe(apiMessages.futureTimestamp);
    expect(checkDepositDate(now - 400 * DAY_MS, now)).toBe(apiMessages.timestampTooOld);
  });
});

describe('form checks', () => {
  const good = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('sign-up: mismatch, then length, in the product words', () => {
    expect(checkSignUpForm(good)).toBeNull();
    expect(checkSignUpForm({ ...good, confirmPassword: 'secret2' })).toBe(validation.passwordMismatch);
    expect(checkSignUpForm({ ...good, password: 'abc', confirmPassword: 'abc' })).toBe(validation.passwordTooShort);
    expect(checkNameFields(' ', 'Lovelace')).toEqual({ firstName: apiMessages.firstNameRequired, lastName: null });
    expect(checkNameFields('Ada', '')).toEqual({ firstName: null, lastName: apiMessages.lastNameRequired });
    expect(checkSignUpForm({ ...good, email: '' })?.description).toBe(apiMessages.emailRequired);
  });

  it('sign-up: names without control or text-direction characters', () => {
    expect(checkNameFields('A\u202Eda', 'Lovelace')?.firstName).toBe(apiMessages.nameUnsafeCharacters);
    expect(checkNameFields('Ada', 'Love\u0000lace')?.lastName).toBe(apiMessages.nameUnsafeCharacters);
    expect(checkNameFields('Zoë', 'Ångström')).toBeNull();
  });

  it.each([
    "Example;=1+1;=cmd|' /C calc'!A0",
    'Doe;Smith',
    'Tab\tName',
    '=cmd',
    '+1',
    '-Ann',
    '@home',
    '  =cmd',
    '\uff1dcmd',
  ])('names: refuses %j, where a spreadsheet would see a cell break or a formula', (name) => {
    const expected = name.includes('\t') ? apiMessages.nameUnsafeCharacters : apiMessages.nameFormulaCharacters;
    expect(checkNames('Ada', name)).toBe(expected);
    expect(checkNameFields('Ada', name)).toEqual({ firstName: null, lastName: expected });
    expect(parseBody(namesBody, { firstName: name, lastName: 'Doe' })).toEqual({ ok: false, message: expected });
  });

  it.each(["O'Brien", 'Anne-Marie', 'José', 'Zoë', 'Smith-Jones', 'de la Cruz', 'Nguyễn', "D'Angelo-Smith"])(
    'names: takes %j',
    (name) => {
      expect(checkNames(name, name)).toBeNull();
      expect(checkNameFields(name, name)).toBeNull();
      expect(parseBody(namesBody, { firstName: name, lastName: name })).toEqual({
        ok: true,
        value: { firstName: name, lastName: name },
      });
    },
  );

  it('names: each field says its own problem', () => {
    expect(checkNameFields(' ', '=x')).toEqual({
      firstName: apiMessages.firstNameRequired,
      lastName: apiMessages.nameFormulaCharacters,
    });
    expect(checkNameFields('A\u202Eda', '')).toEqual({
      firstName: apiMessages.nameUnsafeCharacters,
      lastName: apiMessages.lastNameRequired,
    });
  });

  it('sign-up: a password Cognito will take (no spaces at either end, at most 256)', () => {
    const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    const withPassword = (password: string) => checkSignUpForm({ ...form, password, confirmPassword: password });
    expect(withPassword(' secret1')?.description).toBe(apiMessages.passwordEdgeSpaces);
    expect(withPassword('secret1 ')?.description).toBe(apiMessages.passwordEdgeSpaces);
    expect(withPassword('x'.repeat(257))?.description).toBe(apiMessages.passwordTooLong);
    expect(withPassword('x'.repeat(256))).toBeNull();
    expect(withPassword('in between ok')).toBeNull();
  });

  it('sign-in: both fields required', () => {
    expect(checkSignInForm({ email: 'a@b.co', password: 'x' })).toBeNull();
    expect(checkSignInForm({ email: '', password: 'x' })).not.toBeNull();
    expect(checkSignInForm({ email: 'a@b.co', password: '' })).not.toBeNull();
  });

  it('client withdrawal amount: valid, invalid, below the minimum, too high', () => {
    expect(checkWithdrawalRequestAmount('100.00', 100_000)).toEqual({ ok: true, cents: 10_000 });
    expect(checkWithdrawalRequestAmount('0', 100_000)).toEqual({
      ok: false,
      notice: validation.invalidWithdrawalAmount,
    });
    expect(checkWithdrawalRequestAmount('abc', 100_000)).toEqual({
      ok: false,
      notice: validation.invalidWithdrawalAmount,
    });
    expect(checkWithdrawalRequestAmount('99.99', 100_000)).toEqual({
      ok: false,
      notice: { title: 'Amount Too Low', description: 'The minimum withdrawal request is $100.00' },
    });
    expect(checkWithdrawalRequestAmount('1000.01', 100_000)).toEqual({
      ok: false,
      notice: { title: 'Amount Too High', description: 'You can only withdraw up to $1,000.00 in eligible profit' },
    });
  });

  it('admin amounts', () => {
    expect(checkDepositAmount('-1')).toEqual({ ok: false, notice: validation.invalidDepositAmount });
    expect(checkAdminWithdrawalAmount('')).toEqual({ ok: false, notice: validation.invalidAdminWithdrawalAmount });
    expect(checkBalanceAmount('0')).toEqual({ ok: true, cents: 0 });
    expect(checkBalanceAmount('-0.01')).toEqual({ ok: false, notice: validation.invalidBalance });
  });
});

describe('parseIsoTimestamp', () => {
  it.each([
    ['2026-11-20', Date.UTC(2026, 10, 20)],
    ['2026-11-20T10:30:00Z', Date.UTC(2026, 10, 20, 10, 30)],
    ['2026-11-20T10:30:00.123Z', Date.UTC(2026, 10, 20, 10, 30, 0, 123)],
    ['2026-11-20T10:30:00+02:00', Date.UTC(2026, 10, 20, 8, 30)],
    ['2028-02-29T00:00:00Z', Date.UTC(2028, 1, 29)],
  ])('%s', (text, ms) => {
    expect(parseIsoTimestamp(text)).toBe(ms);
  });

  it.each([
    '2026-02-30',
    '2027-02-29T00:00:00Z',
    '2026-13-01',
    '2026-11-20T24:00:00Z',
    '2026-11-20T10:30:00',
    '20 Nov 2026',
    '',
  ])('rejects %s', (text) => {
    expect(parseIsoTimestamp(text)).toBeNaN();
  });
});
