/**
 * The account page's two-factor sign-in: its status, setting up an authenticator app (the
 * password, then the QR code, the key as text and a code to confirm) and turning it off (the
 * password and a current code). The changes go through the API (POST /api/me/two-factor/...),
 * which checks the password and code with Cognito for a sign-in of the last 5 minutes (an older
 * one is offered a new sign-in, back to this page), records them, e-mails the user and, once a
 * factor is confirmed, ends every session.
 */
import { Badge } from '../../components/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type SWRResponse, useSWRConfig } from 'swr';
import { apiMessages, errors, successToasts } from '../../../../shared/messages';
import { userPoolDefinition } from '../../../../shared/user-pool';
import { keyOf } from '../../api/calls';
import { ApiError } from '../../api/client';
import { useSend } from '../../api/hooks';
import { totpCode } from '../../auth/errors';
import { returnAfterSignIn, type TotpSetup, type User, useAuth } from '../../auth/session';
import { type Problems, type StepOutcome, useAuthStep } from '../../auth/use-auth-step';
import { CodeField } from '../../components/code-field';
import { FormAlert, PasswordField } from '../../components/form-field';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { TotpSetupDetails } from './TotpSetupDetails';
import { type AccountField, accountProblems } from './errors';
import { totpSetupOf } from './totp-setup';

type Mode =
  | { kind: 'idle' }
  /** The password first: the API hands out a secret only for it. */
  | { kind: 'confirmPassword' }
  | { kind: 'setUp'; setup: TotpSetup }
  | { kind: 'turnOff' }
  /** The API takes changes only from a sign-in of the last minutes. */
  | { kind: 'signInAgain' };

/** The API's refusal of a session whose sign-in is too old for a change of the second factor. */
const signInTooOld = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === apiMessages.freshSignInRequired;

/**
 * The proof a change asks for, and the button that sends it, with a way back: the password, a
 * code from the app, or both. Each problem shows under its field, the form's own over it.
 */
function ProofForm({
  codeLabel,
  withPassword,
  submitText,
  busyText,
  danger,
  step,
  onSubmit,
  onCancel,
}: {
  /** The code field's label; no code field without one. */
  codeLabel?: string;
  withPassword?: boolean;
  submitText: string;
  busyText: string;
  danger?: boolean;
  step: Pick<ReturnType<typeof useAuthStep<AccountField>>, 'busy' | 'problems' | 'setProblems' | 'fieldProps'>;
  onSubmit: (proof: { code: string; password: string }) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problems } = step;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = codeLabel ? totpCode(code) : '';
    const unfit: Problems<AccountField> = {
      ...(withPassword && password === '' ? { currentPassword: errors.account.currentPasswordRequired } : {}),
      ...(codeLabel && !digits ? { code: errors.twoFactor.codeRequired } : {}),
    };
    if (unfit.code || unfit.currentPassword) return step.setProblems(unfit);
    // A refused code is cleared for the next one the app shows.
    if (!(await onSubmit({ code: digits ?? '', password })) && codeLabel) setCode('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Two-factor sign-in">
      <Stack gap="3">
        {problems.form && <FormAlert>{problems.form}</FormAlert>}
        {withPassword && (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...step.fieldProps('currentPassword', password, setPassword)}
            autoFocus
          />
        )}
        {codeLabel && (
          <CodeField label={codeLabel} {...step.fieldProps('code', code, setCode)} autoFocus={!withPassword} />
        )}
        <HStack gap="2">
          <Button type="submit" colorPalette={danger ? 'red' : 'yellow'} loading={busy} loadingText={busyText}>
            {submitText}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The card's changes: setting up an app (the password, then a code to confirm it) and turning it off (the password and a code). */
function useTwoFactorActions(status: SWRResponse<{ totp: boolean }>) {
  const send = useSend();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const confirm = useAuthStep<AccountField>(accountProblems);
  /** Another panel of the card, without what the last one said was wrong. */
  const show = (next: Mode) => {
    confirm.setProblems({});
    setMode(next);
  };
  /** A change the API refuses for an old sign-in offers a new one instead of an error. */
  const attempt = (step: () => Promise<StepOutcome>) =>
    confirm.run(async () => {
      try {
        return await step();
      } catch (error) {
        if (!signInTooOld(error)) throw error;
        show({ kind: 'signInAgain' });
      }
    });

  /**
   * The new status, here and for the admin console: its guard keeps the client list (or the
   * refusal) it last fetched, and must fetch again now that the API's answer has changed.
   */
  const changed = async (totp: boolean) => {
    await status.mutate({ totp }, { revalidate: false });
    await mutate(keyOf({ route: 'listClients' }), undefined, { revalidate: false });
    setMode({ kind: 'idle' });
  };

  const setUp = (user: User, password: string) =>
    attempt(async () => {
      const { secretCode } = await send({ route: 'setUpTwoFactor', body: { password } });
      show({ kind: 'setUp', setup: totpSetupOf(secretCode, userPoolDefinition.mfa.totpIssuer, user.email) });
    });

  /**
   * Once the factor is on, the API has ended every session, this one too: a session opened with
   * the password alone before (perhaps by someone who had it) must not carry on, and for an admin
   * it would gain the console. This device forgets its tokens and the user signs in again, with a code.
   */
  const finishSetUp = (code: string) =>
    attempt(async () => {
      await send({ route: 'verifyTwoFactor', body: { code } });
      await changed(true);
      await signOut();
      notify('success', successToasts.twoFactorOn, successToasts.signInWithCode);
      navigate('/', { replace: true });
      return 'leaving';
    });

  /** The API checks the password and the code with Cognito, for a sign-in of the last minutes. */
  const turnOff = (code: string, password: string) =>
    attempt(async () => {
      await send({ route: 'disableTwoFactor', body: { password, code } });
      await changed(false);
      notify('success', successToasts.twoFactorOff);
    });

  /** A new sign-in, back on this page: the change can then be made. */
  const signInAgain = () =>
    confirm.run(async () => {
      returnAfterSignIn('/account');
      await signOut();
      navigate('/', { replace: true });
      return 'leaving';
    });

  return { mode, show, confirm, setUp, finishSetUp, turnOff, signInAgain };
}

/** Why the change waits for a new sign-in, and the way to it. */
function SignInAgainPanel({ actions }: { actions: ReturnType<typeof useTwoFactorActions> }) {
  return (
    <Stack gap="3" align="flex-start">
      <FormAlert>{apiMessages.freshSignInRequired}</FormAlert>
      <Text>
        Changing two-factor sign-in needs a sign-in of the last 5 minutes. You come back to this page after signing in.
      </Text>
      <HStack gap="2">
        <Button
          colorPalette="yellow"
          onClick={() => void actions.signInAgain()}
          loading={actions.confirm.busy}
          loadingText="Signing out..."
        >
          Sign in again
        </Button>
        <Button variant="ghost" onClick={() => actions.show({ kind: 'idle' })} disabled={actions.confirm.busy}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** What the card shows once its status is known: the panel of the change under way, else the status and its action. */
function TwoFactorPanel({
  user,
  on,
  actions,
}: {
  user: User;
  on: boolean;
  actions: ReturnType<typeof useTwoFactorActions>;
}) {
  const { mode, show, confirm } = actions;
  const idle = () => show({ kind: 'idle' });
  if (mode.kind === 'signInAgain') return <SignInAgainPanel actions={actions} />;
  if (mode.kind === 'confirmPassword') {
    return (
      <Stack gap="4">
        <Text>To set up an authenticator app, confirm it is you with your password.</Text>
        <ProofForm
          withPassword
          submitText="Continue"
          busyText="Checking..."
          step={confirm}
          onSubmit={({ password }) => actions.setUp(user, password)}
          onCancel={idle}
        />
      </Stack>
    );
  }
  if (mode.kind === 'setUp') {
    return (
      <Stack gap="4">
        <TotpSetupDetails setup={mode.setup} />
        <ProofForm
          codeLabel="6-digit code from the app"
          submitText="Confirm"
          busyText="Confirming..."
          step={confirm}
          onSubmit={({ code }) => actions.finishSetUp(code)}
          onCancel={idle}
        />
      </Stack>
    );
  }
  if (mode.kind === 'turnOff') {
    return (
      <Stack gap="4">
        <Text>
          To turn two-factor sign-in off, confirm it is you: your password and a current code from your authenticator
          app.
        </Text>
        {user.isAdmin && (
          <Text color="fg.warning" fontSize="sm">
            Administrators need two-factor sign-in to use the admin console.
          </Text>
        )}
        <ProofForm
          codeLabel="6-digit code from the app"
          withPassword
          submitText="Turn off"
          busyText="Turning off..."
          danger
          step={confirm}
          onSubmit={({ code, password }) => actions.turnOff(code, password)}
          onCancel={idle}
        />
      </Stack>
    );
  }
  if (on) {
    return (
      <Stack gap="3" align="flex-start">
        <Text>Each sign-in asks for a 6-digit code from your authenticator app after your password.</Text>
        <Button variant="outline" onClick={() => show({ kind: 'turnOff' })}>
          Turn off
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="3" align="flex-start">
      <Text>
        Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone
        (Google Authenticator, Microsoft Authenticator, 1Password and the like).
      </Text>
      <Button colorPalette="yellow" onClick={() => show({ kind: 'confirmPassword' })}>
        Set up
      </Button>
    </Stack>
  );
}

export function TwoFactorCard({ user, status }: { user: User; status: SWRResponse<{ totp: boolean }> }) {
  const actions = useTwoFactorActions(status);
  const on = status.data?.totp === true;
  let body;
  if (status.error && !status.data)
    body = <LoadFailed message="Could not load your two-factor sign-in status." onRetry={() => void status.mutate()} />;
  else if (!status.data) body = <LoadingLine label="Loading two-factor sign-in..." />;
  else body = <TwoFactorPanel user={user} on={on} actions={actions} />;

  return (
    <SectionCard
      title="Two-factor sign-in"
      action={
        status.data && (
          <Badge colorPalette={on ? 'green' : 'gray'} size="md">
            {on ? 'On' : 'Off'}
          </Badge>
        )
      }
    >
      {body}
    </SectionCard>
  );
}
