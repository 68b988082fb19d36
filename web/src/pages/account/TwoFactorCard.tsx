/**
 * The account page's two-factor sign-in: its status, setting up an authenticator app (QR code,
 * the key as text, a code to confirm) and turning it off (the password and a current code first).
 * The changes go through the API (POST /api/me/two-factor/...), which records them, e-mails the
 * user and, once a factor is confirmed, ends every session.
 */
import { Badge } from '../../components/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type SWRResponse, useSWRConfig } from 'swr';
import { errors, successToasts } from '../../../../shared/messages';
import { userPoolDefinition } from '../../../../shared/user-pool';
import { keyOf } from '../../api/calls';
import { useSend } from '../../api/hooks';
import { totpCode } from '../../auth/errors';
import { type TotpSetup, type User, useAuth } from '../../auth/session';
import { type Problems, useAuthStep } from '../../auth/use-auth-step';
import { CodeField } from '../../components/code-field';
import { FormAlert, PasswordField } from '../../components/form-field';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { TotpSetupDetails } from './TotpSetupDetails';
import { useAccountBackend } from './account-backend';
import { type AccountField, accountErrorMessage, accountProblems } from './errors';
import { totpSetupOf } from './totp-setup';

type Mode = { kind: 'idle' } | { kind: 'setUp'; setup: TotpSetup } | { kind: 'turnOff' };

/** Starting the set-up concerns no field: its refusal shows over the card's button. */
const startProblems = (error: unknown) => ({ form: accountErrorMessage(error) });

/**
 * A code from the app (and, to turn the factor off, the password) and the button that sends
 * them, with a way back. Each problem shows under its field, the form's own over it.
 */
function CodeForm({ label, withPassword, submitText, busyText, danger, step, onSubmit, onCancel }: {
  label: string;
  withPassword?: boolean;
  submitText: string;
  busyText: string;
  danger?: boolean;
  step: Pick<ReturnType<typeof useAuthStep<AccountField>>, 'busy' | 'problems' | 'setProblems' | 'fieldProps'>;
  onSubmit: (code: string, password: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { busy, problems } = step;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = totpCode(code);
    const unfit: Problems<AccountField> = {
      ...(withPassword && password === '' ? { currentPassword: errors.account.currentPasswordRequired } : {}),
      ...(digits ? {} : { code: errors.twoFactor.codeRequired }),
    };
    if (!digits || unfit.currentPassword) return step.setProblems(unfit);
    // A refused code is cleared for the next one the app shows.
    if (!(await onSubmit(digits, password))) setCode('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="3">
        {problems.form && <FormAlert>{problems.form}</FormAlert>}
        {withPassword && (
          <PasswordField label="Current password" autoComplete="current-password" {...step.fieldProps('currentPassword', password, setPassword)} autoFocus />
        )}
        <CodeField label={label} {...step.fieldProps('code', code, setCode)} autoFocus={!withPassword} />
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

/** The card's changes: setting up an app (started, then confirmed with a code) and turning it off. */
function useTwoFactorActions(user: User, status: SWRResponse<{ totp: boolean }>) {
  const account = useAccountBackend();
  const send = useSend();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const start = useAuthStep(startProblems);
  const confirm = useAuthStep<AccountField>(accountProblems);
  /** Another panel of the card, without what the last one said was wrong. */
  const show = (next: Mode) => {
    confirm.setProblems({});
    setMode(next);
  };

  /**
   * The new status, here and for the admin console: its guard keeps the client list (or the
   * refusal) it last fetched, and must fetch again now that the API's answer has changed.
   */
  const changed = async (totp: boolean) => {
    await status.mutate({ totp }, { revalidate: false });
    await mutate(keyOf({ route: 'listClients' }), undefined, { revalidate: false });
    setMode({ kind: 'idle' });
  };

  const setUp = () =>
    start.run(async () => {
      const { secretCode } = await send({ route: 'setUpTwoFactor' });
      show({ kind: 'setUp', setup: totpSetupOf(secretCode, userPoolDefinition.mfa.totpIssuer, user.email) });
    });

  /**
   * Once the factor is on, the API has ended every session, this one too: a session opened with
   * the password alone before (perhaps by someone who had it) must not carry on, and for an admin
   * it would gain the console. This device forgets its tokens and the user signs in again, with a code.
   */
  const finishSetUp = (code: string) =>
    confirm.run(async () => {
      await send({ route: 'verifyTwoFactor', body: { code } });
      await changed(true);
      await signOut();
      notify('success', successToasts.twoFactorOn, successToasts.signInWithCode);
      navigate('/', { replace: true });
      return 'leaving';
    });

  /** The API turns the factor off only for a sign-in of the last minutes: one made here, with the password and a code, then ended. */
  const turnOff = (code: string, password: string) =>
    confirm.run(async () => {
      const fresh = await account.freshSignIn(password, code);
      try {
        await send({ route: 'disableTwoFactor' }, { accessToken: fresh.accessToken });
      } finally {
        await fresh.end();
      }
      await changed(false);
      notify('success', successToasts.twoFactorOff);
    });

  return { mode, show, start, confirm, setUp, finishSetUp, turnOff };
}

/** What the card shows once its status is known: the panel of the change under way, else the status and its action. */
function TwoFactorPanel({ user, on, actions }: { user: User; on: boolean; actions: ReturnType<typeof useTwoFactorActions> }) {
  const { mode, show, start, confirm } = actions;
  const idle = () => show({ kind: 'idle' });
  if (mode.kind === 'setUp') {
    return (
      <Stack gap="4">
        <TotpSetupDetails setup={mode.setup} />
        <CodeForm label="6-digit code from the app" submitText="Confirm" busyText="Confirming..." step={confirm} onSubmit={actions.finishSetUp} onCancel={idle} />
      </Stack>
    );
  }
  if (mode.kind === 'turnOff') {
    return (
      <Stack gap="4">
        <Text>To turn two-factor sign-in off, confirm it is you: your password and a current code from your authenticator app.</Text>
        {user.isAdmin && (
          <Text color="fg.warning" fontSize="sm">
            Administrators need two-factor sign-in to use the admin console.
          </Text>
        )}
        <CodeForm label="6-digit code from the app" withPassword submitText="Turn off" busyText="Turning off..." danger step={confirm} onSubmit={actions.turnOff} onCancel={idle} />
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
        Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft
        Authenticator, 1Password and the like).
      </Text>
      {start.problems.form && <FormAlert>{start.problems.form}</FormAlert>}
      <Button colorPalette="yellow" onClick={() => void actions.setUp()} loading={start.busy} loadingText="Setting up...">
        Set up
      </Button>
    </Stack>
  );
}

export function TwoFactorCard({ user, status }: { user: User; status: SWRResponse<{ totp: boolean }> }) {
  const actions = useTwoFactorActions(user, status);
  const on = status.data?.totp === true;
  let body;
  if (status.error && !status.data) body = <LoadFailed message="Could not load your two-factor sign-in status." onRetry={() => void status.mutate()} />;
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
