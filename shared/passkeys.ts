/**
 * Passkeys on the account page: the words and the name's rules, shared by the API's schemas
 * (passkey-bodies.ts), the handlers and the web (which must not load zod). A passkey is a WebAuthn
 * credential Cognito keeps for the user; the name is the product's own, so the user can tell
 * their passkeys apart (Cognito's own name for one is the authenticator's, often empty).
 */

export const PASSKEY_NAME_MAX_LENGTH = 40;

/** What the account page lists of one passkey. */
export interface PasskeyView {
  /** Cognito's credential id (base64url). */
  id: string;
  name: string;
  /** When it was added (ISO). */
  createdAt: string;
}

export const passkeyMessages = {
  nameRequired: 'Please give the passkey a name',
  nameTooLong: `At most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  nameUnsafe: 'Please use letters, digits, spaces and common punctuation only',
  credentialRequired: 'The passkey could not be read. Please try again.',
  /** A passkey whose registration Cognito did not take (wrong origin, no user verification, an old challenge). */
  notAccepted: 'This passkey could not be added. Please try again.',
  /** A passkey already on the account, offered again. */
  alreadyAdded: 'This passkey is already on your account.',
  notFound: 'This passkey is not on your account. Please reload the page.',
  /** An add from another session than the one the options went to, or after PASSKEY_REGISTRATION_MS. */
  registrationExpired: 'Adding the passkey took too long. Please start again.',
  /**
   * An administrator's passkey from a session that did not sign in with a passkey, while the stage
   * requires passkeys of administrators and no operator's approval is open.
   */
  enrolmentNeedsApproval:
    'Administrators add a passkey after signing in with one of their passkeys. For a first passkey, ask the operations team to allow it, then add it within a day.',
} as const;
