/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey
 * holder inside the browser, for the page's WebAuthn calls, with user verification (the
 * fingerprint, face or PIN) that a journey turns on or off. It lives in the page's tab: a page
 * that goes to another address keeps it.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface VirtualAuthenticator {
  /** Whether the next verification of the person succeeds (a right or a wrong fingerprint). */
  verifyUser(verified: boolean): Promise<void>;
  /** The passkeys it holds, by their relying party. */
  credentials(): Promise<{ credentialId: string; rpId?: string; isResidentCredential: boolean; signCount: number }[]>;
}

export async function addVirtualAuthenticator(page: Page, { userVerified = true } = {}): Promise<VirtualAuthenticator> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('WebAuthn.enable');
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: userVerified,
      // The browser's own prompt answered at once, as a person's tap would.
      automaticPresenceSimulation: true,
    },
  });
  return {
    async verifyUser(verified) {
      await session.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    async credentials() {
      return (await session.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    },
  };
}
