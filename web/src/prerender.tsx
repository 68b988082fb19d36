/**
 * The signed-out pages as HTML, rendered at build time (web/build.ts) by the same components the
 * browser runs, so their text and layout show before any script has loaded; the browser then
 * hydrates them (main.tsx). Which routes, and the document each is served as: PRERENDERED_PAGES
 * in shared/site/site-rules.ts. Rendered signed out, with Chakra's styles inline (emotion moves them
 * into <head> when the app starts), and waiting for the lazy pages (sign-up, reset) to load.
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { Api } from './api/client';
import { App } from './App';
import type { AuthBackend } from './auth/session';
import type { AppConfig } from './config';

const notAtBuildTime = async (): Promise<never> => {
  throw new Error('not available while prerendering');
};

/** Nobody is signed in at build time; nothing else is ever called while rendering. */
const signedOut: AuthBackend = {
  knownSignedOut: () => true,
  session: async () => null,
  signIn: notAtBuildTime,
  signUp: notAtBuildTime,
  confirmSignUp: notAtBuildTime,
  resendCode: notAtBuildTime,
  sendResetCode: notAtBuildTime,
  confirmReset: notAtBuildTime,
  signInWithGoogle: notAtBuildTime,
  signOut: notAtBuildTime,
  confirmTotp: notAtBuildTime,
  signInWithPasskey: notAtBuildTime,
  onSignedIn: () => () => undefined,
};

const noApi = notAtBuildTime as unknown as Api;

/** Only read when a button is pressed, which never happens at build time. */
const buildTimeConfig: AppConfig = {
  region: 'prerender',
  userPoolId: 'prerender',
  userPoolClientId: 'prerender',
  googleSignIn: false,
  oauthDomain: null,
};

export async function prerenderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <App
      config={buildTimeConfig}
      authBackend={signedOut}
      api={noApi}
      router={(children) => <StaticRouter location={path}>{children}</StaticRouter>}
    />,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
