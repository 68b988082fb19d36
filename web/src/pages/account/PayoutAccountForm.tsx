/**
 * Adding or changing the payout account: the holder, the bank, an IBAN or a US account, and the
 * proof the server asks (PUT /api/portfolios/{uid}/payout-account). Checked here first with the
 * server's rules and words; the server's refusals go to their fields, and its refusal of an old
 * sign-in offers a new one, back to this card. Only the masked answer is kept once it is saved.
 */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MaskedPayoutAccountDto } from '../../../../shared/api';
import { payoutMessages } from '../../../../shared/payout-account';
import { useSend } from '../../api/hooks';
import { returnAfterSignIn, type User, useAuth } from '../../auth/session';
import { useAuthStep } from '../../auth/use-auth-step';
import { FormAlert } from '../../components/form-field';
import { PAYOUT_ACCOUNT_PATH } from '../../payout-words';
import { AccountNumberFields, type Bind, HolderFields, ProofFields } from './PayoutFields';
import {
  checkPayoutForm,
  type PayoutField,
  type PayoutFormValues,
  payoutProblems,
  type ProofAsked,
  signInTooOld,
} from './payout-form';

/** A change starts from the holder and bank shown (never the number, which the page does not have). */
const startingValues = (current: MaskedPayoutAccountDto | null): PayoutFormValues => ({
  holderName: current?.holderName ?? '',
  bankName: current?.bankName ?? '',
  kind: current?.kind ?? 'iban',
  iban: '',
  accountNumber: '',
  routingNumber: '',
  currentPassword: '',
  code: '',
});

/** What the server will ask besides a recent sign-in, in words: " and your current password", with a code too. */
function proofWords(asked: ProofAsked): string {
  if (!asked.password) return '';
  return asked.code ? ', your current password and a code from your authenticator app' : ' and your current password';
}

/** Why the change waits for a new sign-in, and the way to it. */
function SignInAgain({ busy, onSignIn }: { busy: boolean; onSignIn: () => void }) {
  return (
    <Stack gap="2" align="flex-start">
      <FormAlert>{payoutMessages.freshSignInRequired}</FormAlert>
      <Text fontSize="sm">
        You come back to this card after signing in. For your security, what you typed is not kept: enter it again then.
      </Text>
      <Button size="sm" colorPalette="yellow" onClick={onSignIn} loading={busy} loadingText="Signing out...">
        Sign in again
      </Button>
    </Stack>
  );
}

/** The form's state: its values, its problems, and whether the server wants a new sign-in or a code. */
function usePayoutForm(current: MaskedPayoutAccountDto | null) {
  const [values, setValues] = useState(() => startingValues(current));
  const [stale, setStale] = useState(false);
  // The server asks for a code when two-factor sign-in is on, also when this page could not tell.
  const [codeAsked, setCodeAsked] = useState(false);
  const describe = useCallback((error: unknown) => {
    const problems = payoutProblems(error);
    if (problems.code) setCodeAsked(true);
    return problems;
  }, []);
  const step = useAuthStep<PayoutField>(describe);
  const set = (field: keyof PayoutFormValues) => (value: string) => setValues((now) => ({ ...now, [field]: value }));
  const bind: Bind = (field) => step.fieldProps(field, values[field], set(field));
  return { values, setValues, stale, setStale, codeAsked, step, bind };
}

export function PayoutAccountForm({
  user,
  current,
  twoFactor,
  onSaved,
  onCancel,
}: {
  user: User;
  current: MaskedPayoutAccountDto | null;
  /** Whether two-factor sign-in is on (undefined while unknown). */
  twoFactor: boolean | undefined;
  onSaved: (account: MaskedPayoutAccountDto) => void;
  onCancel: () => void;
}) {
  const send = useSend();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const form = usePayoutForm(current);
  const { values, step } = form;
  const google = user.signInProvider !== null;
  const asked: ProofAsked = { password: !google, code: !google && (twoFactor === true || form.codeAsked) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.setStale(false);
    const checked = checkPayoutForm(values, asked);
    if ('problems' in checked) return step.setProblems(checked.problems);
    const saved = await step.run(async () => {
      try {
        const { account } = await send({ route: 'setPayoutAccount', params: { uid: user.sub }, body: checked.body });
        if (account) onSaved(account);
      } catch (error) {
        if (!signInTooOld(error)) throw error;
        form.setStale(true);
      }
    });
    // A refused code is cleared for the next one the app shows.
    if (!saved) form.setValues((now) => ({ ...now, code: '' }));
  };

  const signInAgain = () =>
    void step.run(async () => {
      returnAfterSignIn(PAYOUT_ACCOUNT_PATH);
      await signOut();
      navigate('/', { replace: true });
      return 'leaving';
    });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payout account">
      <Stack gap="4">
        {form.stale && <SignInAgain busy={step.busy} onSignIn={signInAgain} />}
        {step.problems.form && <FormAlert>{step.problems.form}</FormAlert>}
        <Text color="fg.muted" fontSize="sm">
          Withdrawals are paid only to this account. Changing it needs a sign-in of the last 5 minutes
          {proofWords(asked)}, and we e-mail you when it changes.
        </Text>
        <HolderFields bind={form.bind} />
        <AccountNumberFields
          values={values}
          bind={form.bind}
          onKind={(kind) => form.setValues((now) => ({ ...now, kind }))}
        />
        <ProofFields asked={asked} bind={form.bind} email={user.email} />
        <HStack gap="2" wrap="wrap">
          <Button type="submit" colorPalette="yellow" loading={step.busy && !form.stale} loadingText="Saving...">
            Save payout account
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={step.busy}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
