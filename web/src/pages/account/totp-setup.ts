/** A new authenticator secret as the page shows it: the key as text, and the otpauth URI its QR code carries. */
import type { TotpSetup } from '../../auth/session';

/** The key URI authenticator apps read: otpauth://totp/<issuer>:<account>?secret=&issuer= */
export function totpSetupOf(secret: string, issuer: string, accountName: string): TotpSetup {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  return {
    secret,
    uri: `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`,
  };
}
