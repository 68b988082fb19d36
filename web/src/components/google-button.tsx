/**
 * "Continue with Google" (sign-in) and "Sign up with Google": Google's button as its branding
 * guidelines draw it (the four-colour "G" on a white button with a grey outline, a dark one in dark
 * mode), and under it what became of the last try: the product's message when it cannot work, a calm
 * word when the person cancelled at Google.
 */
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { notices, signInErrors as errors } from '../../../shared/auth-messages';
import { type RedirectFailure, useAuth } from '../auth/session';
import { useAppConfig } from '../config-context';
import { FormAlert } from './form-field';

/** Google's "G" logo, 18 px, in its own colours on either button (Google's sign-in branding guidelines). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/** What the button says under it: its own failure, else the last redirect's. */
type Outcome = { tone: 'error' | 'info'; text: string };

const REDIRECT_OUTCOMES: Record<RedirectFailure, Outcome> = {
  cancelled: { tone: 'info', text: notices.googleSignInCancelled },
  failed: { tone: 'error', text: errors.signIn.default },
};

/** `failureTitle`: the page's title over a failure ('Sign-in failed', 'Sign-up failed'); a cancel has none. */
export function GoogleButton({ label, failureTitle }: { label: string; failureTitle: string }) {
  const config = useAppConfig();
  const { backend, redirectFailure, clearRedirectFailure } = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onClick = async () => {
    clearRedirectFailure();
    // Without a Google provider in this deploy (and locally) the product's message says so.
    if (!config.googleSignIn || !config.oauthDomain) return setFailure(errors.google.unauthorizedDomain);
    setFailure(null);
    setBusy(true);
    try {
      await backend.signInWithGoogle();
    } catch {
      setFailure(errors.signIn.default); // the redirect could not start (its code did not load, say)
      setBusy(false);
    }
  };
  const outcome: Outcome | null = failure
    ? { tone: 'error', text: failure }
    : redirectFailure && REDIRECT_OUTCOMES[redirectFailure];
  return (
    <Stack gap="3">
      {/* A click before the app has taken over the prerendered page is held and replayed (shared/site/head-script.ts). */}
      <Button
        variant="outline"
        width="full"
        gap="2.5"
        onClick={() => void onClick()}
        loading={busy}
        data-held-click="google"
        bg={{ base: '#FFFFFF', _dark: '#131314' }}
        color={{ base: '#1F1F1F', _dark: '#E3E3E3' }}
        borderColor={{ base: '#747775', _dark: '#8E918F' }}
        _hover={{ bg: { base: '#F1F3F4', _dark: '#202124' } }}
      >
        <GoogleMark />
        {label}
      </Button>
      {outcome && (
        <FormAlert tone={outcome.tone} {...(outcome.tone === 'error' ? { title: failureTitle } : {})}>
          {outcome.text}
        </FormAlert>
      )}
    </Stack>
  );
}
