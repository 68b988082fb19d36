/**
 * The signed-out pages after sign-in, in one chunk: apart, each shared a few modules of the first
 * screen (the auth card, the auth errors, ...) with a different set of pages, and esbuild split
 * those modules into more, smaller chunks for the first screen, each compressed alone.
 */
export { default as ForgotPassword } from './ForgotPassword';
export { default as SignUp } from './SignUp';
