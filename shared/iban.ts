/**
 * The IBAN check: ibantools' country lengths and ISO 7064 mod-97 check digits. Apart from
 * payout-account.ts so that only the code that checks an IBAN (the API's schema, the account
 * page's form) carries ibantools.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** The IBAN as a bank stores it (no spaces, upper case), or null when its checksum or length is wrong. */
export function normalIban(text: string): string | null {
  const iban = electronicFormatIBAN(text.trim());
  return iban && isValidIBAN(iban) ? iban : null;
}
