/**
 * What a client sees on the dashboard until they accept the current client agreement (a Google
 * sign-up, a sign-up confirmed in another browser, or a new version since they last accepted):
 * the agreement's version and link, the box to tick and the Accept button. Nothing else of the
 * dashboard shows meanwhile, since no withdrawal may be asked for; the account page stays open
 * through the header.
 */
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { agreementWords, type ClientAgreement } from '../../../../shared/client-agreement';
import { errors } from '../../../../shared/messages';
import { send } from '../../api/calls';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/provider';
import { AgreementCheck } from '../../components/agreement-check';
import { SectionCard } from '../../components/section-card';
// A lazy part imports the app, which has loaded before it runs (web/lazy-parts.test.ts).
import '../../App';

export function AgreementPrompt({
  userId,
  agreement,
  renewal,
  onAccepted,
}: {
  userId: string;
  agreement: ClientAgreement;
  /** The client accepted an earlier version: the prompt says the agreement changed. */
  renewal: boolean;
  onAccepted: () => Promise<unknown>;
}) {
  const api = useApi();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked) return setError(agreementWords.required);
    setError(null);
    setBusy(true);
    try {
      await send(api, { route: 'acceptAgreement', params: { uid: userId }, body: { version: agreement.version } });
      await onAccepted();
    } catch (failure) {
      setError((failure instanceof ApiError && failure.serverMessage) || errors.generic);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={renewal ? 'Our client agreement has changed' : 'Accept the client agreement'}>
      <form aria-label="Client agreement" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="4" align="flex-start">
          <Text>
            {renewal
              ? 'Please read the new version of our client agreement and accept it to continue. Until then, withdrawals and payout account changes are paused.'
              : 'Before you use your portfolio, please read our client agreement and accept it.'}
          </Text>
          <AgreementCheck
            agreement={agreement}
            checked={checked}
            onChange={(value) => {
              setChecked(value);
              if (value) setError(null);
            }}
            error={error}
            disabled={busy}
          />
          <Button type="submit" colorPalette="yellow" loading={busy} loadingText="Accepting...">
            Accept
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
