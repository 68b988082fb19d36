/**
 * The account page's words for passkeys: the card's refusals and outcomes. Kept with the page
 * (its chunk), as the sign-in's passkey words are with the sign-in's passkey part.
 */
/** A passkey's name, as the API takes it (1 to 40 characters once trimmed). */
export const PASSKEY_NAME_MAX = 40;

export const passkeyWords = {
  nameRequired: 'Please give the passkey a name, such as the device that holds it',
  nameTooLong: `The name must be at most ${PASSKEY_NAME_MAX} characters`,
  /** The browser's NotAllowedError: a cancel, a time-out or a failed check of the person, which it does not tell apart. */
  notCreated:
    'No passkey was created: the request was cancelled or timed out, or this device could not verify you (a fingerprint, face or PIN).',
  alreadyOnDevice: 'This device already holds a passkey for your account. Use it, or add one on another device.',
  noVerification:
    'This device cannot verify you with a fingerprint, face or PIN, which a passkey here needs. Try another device or a password manager.',
  wrongAddress: "Passkeys work only on the portal's own address. Open the portal at its usual address and try again.",
  notSupported: 'This browser does not support passkeys. Try an up-to-date browser, or another device.',
  /** Why the change waits for a new sign-in. */
  signInAgain:
    'Adding or removing a passkey needs a sign-in of the last 5 minutes. You come back to this page after signing in.',
  added: {
    title: 'Passkey added',
    description: 'Every session has ended. Sign in again, with your passkey or your password.',
  },
  removed: { title: 'Passkey removed', description: 'Every session has ended. Please sign in again.' },
  adminNeedsOne: 'Administrators need a passkey to use the admin console: add one here, then sign in with it.',
} as const;
