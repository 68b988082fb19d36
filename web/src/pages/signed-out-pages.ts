/**
 * The signed-out pages after sign-in, in one chunk: apart, each shared a few modules of the first
 * screen (the auth card, the auth errors, ...) with a different set of pages, and esbuild split
 * those modules into more, smaller chunks for the first screen, each compressed alone.
 */
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';
export { default as ForgotPassword } from './ForgotPassword';
export { default as SignUp } from './SignUp';
export { SignInCodeStep } from './SignInCodeStep';
