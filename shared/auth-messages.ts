/**
 * The words the first screen (sign-in) may show: its failures, its field checks, its outcome. A
 * module apart from ./messages, whose groups include these (errors, apiMessages, validation,
 * successToasts): the first screen loads this one and none of the API's, the other pages' or the
 * console's texts.
 */

export interface Notice {
  title: string;
  description: string;
}

/** The account forms' field checks, as the API's schemas word them too (part of apiMessages). */
export const formMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordEdgeSpaces: 'Password cannot begin or end with a space',
  passwordTooLong: 'Password must be at most 256 characters',
  invalidEmail: 'Invalid email address',
} as const;

/** The password checks (part of validation). */
export const passwordChecks = {
  passwordMismatch: { title: 'Password mismatch', description: "Passwords don't match. Please check and try again." },
  passwordTooShort: { title: 'Password too short', description: 'Password should be at least 6 characters long.' },
} as const;

/** Said calmly, not as failures: what happened was the person's own choice. */
export const notices = {
  googleSignInCancelled: 'Google sign-in was cancelled.',
} as const;

/** Sign-in's failures (part of messages.ts' errors, with sign-up's, the reset's and the account page's). */
export const signInErrors = {
  signIn: {
    userNotFound: 'No account found with this email address',
    wrongPassword: 'Incorrect password',
    invalidEmail: 'Invalid email address',
    tooManyRequests: 'Too many failed attempts. Please try again later',
    default: 'An error occurred during sign in',
  },
  google: {
    unauthorizedDomain:
      'This domain is not authorized for Google sign-in. Please use email/password sign-in instead, or contact support to authorize this domain.',
  },
  /** The authenticator-app code: at sign-in, setting it up and turning it off. */
  twoFactor: {
    codeRequired: 'Please enter the 6-digit code from your authenticator app',
    wrongCode: 'Invalid code. Please try again.',
    /** Cognito takes each code once: a code already used, or one from a window that has passed. */
    usedCode: 'This code has expired or was already used. Please wait for the next code and try again.',
    /** Too many wrong codes, or the few minutes Cognito allows after the password have passed. */
    attemptEnded: 'Your sign-in attempt has ended. Please sign in again.',
  },
} as const;

/** The title over a failed sign-in, with its message (part of toastTitles). */
export const signInTitles = {
  signInFailed: 'Sign-in failed',
} as const;

/** Sign-in's outcome (part of successToasts). */
export const signInToasts = {
  welcomeBack: 'Welcome back!',
} as const;
