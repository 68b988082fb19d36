/** "Continue with Google" (sign-in) and "Sign up with Google": one button, the spec's messages when it cannot work. */
import { Button } from '@chakra-ui/react/button';
import { useState } from 'react';
import { errors, toastTitles } from '../../../shared/messages';
import { useAuth } from '../auth/session';
import { useAppConfig } from '../config-context';
import { notify } from './toaster';

export function GoogleButton({ label }: { label: string }) {
  const config = useAppConfig();
  const { backend } = useAuth();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    // Without a Google provider in this deploy (and locally) the spec's message says so.
    if (!config.googleSignIn || !config.oauthDomain) {
      notify('error', toastTitles.signInFailed, errors.google.unauthorizedDomain);
      return;
    }
    setBusy(true);
    try {
      await backend.signInWithGoogle();
    } catch {
      notify('error', toastTitles.signInFailed, errors.google.popupClosed);
      setBusy(false);
    }
  };
  return (
    // A click before the app has taken over the prerendered page is held and replayed (web/head-script.ts).
    <Button variant="outline" width="full" onClick={() => void onClick()} loading={busy} data-held-click="google">
      {label}
    </Button>
  );
}
