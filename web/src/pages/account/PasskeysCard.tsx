/**
 * The account page's passkeys: the list (each one's name and the day it was added, with Remove
 * after a confirmation) and "Add a passkey" (a name, then the browser makes it with the person's
 * fingerprint, face or PIN). Both go through the API (/api/me/passkeys), which takes them only
 * from a sign-in of the last 5 minutes (an older one is offered a new sign-in, back to this page),
 * records them, e-mails the user and ends every session: the user signs in again, with the
 * passkey if they like. Not shown to a user whose sign-in Google runs: Cognito holds no passkey
 * for them.
 */
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AnswerOf } from '../../../../shared/api';
import { apiMessages } from '../../../../shared/messages';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages, type PasskeyView } from '../../../../shared/passkeys';
import { hasUnsafeCharacters } from '../../../../shared/text';
import { ApiError } from '../../api/client';
import { useRoute, useSend } from '../../api/hooks';
import { returnAfterSignIn, type User, useAuth } from '../../auth/session';
import { type Problems, type StepOutcome, useAuthStep } from '../../auth/use-auth-step';
import { FieldInput, FormAlert, FormField } from '../../components/form-field';
import { LoadFailed, LoadingLine } from '../../components/load-states';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { formatDate } from '../../format';
import { accountErrorMessage } from './errors';
import { createPasskey, PasskeyCeremonyError } from './passkey-ceremony';
import { passkeyWords } from './passkey-words';

type Passkey = PasskeyView;

type Mode =
  | { kind: 'idle' }
  | { kind: 'add' }
  | { kind: 'remove'; passkey: Passkey }
  /** The API takes changes only from a sign-in of the last minutes. */
  | { kind: 'signInAgain' };

/** The API's refusal of a session whose sign-in is too old for a change of the user's sign-in. */
const signInTooOld = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.serverMessage === apiMessages.freshSignInRequired;

/** The API's refusals of the name, which show at its field. */
const NAME_WORDS: ReadonlySet<string> = new Set([
  passkeyMessages.nameRequired,
  passkeyMessages.nameTooLong,
  passkeyMessages.nameUnsafe,
]);

/** The browser's refusals are already in the product's words; the API's are its own, the name's at its field. */
function passkeyProblems(error: unknown): Problems<'name'> {
  if (error instanceof PasskeyCeremonyError) return { form: error.message };
  const message = accountErrorMessage(error);
  return NAME_WORDS.has(message) ? { name: message } : { form: message };
}

/** A passkey's name as the API takes it (shared/passkey-bodies.ts), or its problem. */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return passkeyMessages.nameRequired;
  if (trimmed.length > PASSKEY_NAME_MAX_LENGTH) return passkeyMessages.nameTooLong;
  return hasUnsafeCharacters(trimmed) ? passkeyMessages.nameUnsafe : null;
}

/** The card's changes: each ends every session, so this device signs out and the user signs in again. */
function usePasskeyActions() {
  const send = useSend();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const step = useAuthStep<'name'>(passkeyProblems);
  /** Another panel of the card, without what the last one said was wrong. */
  const show = (next: Mode) => {
    step.setProblems({});
    setMode(next);
  };
  /** A change the API refuses for an old sign-in offers a new one instead of an error. */
  const attempt = (change: () => Promise<StepOutcome>) =>
    step.run(async () => {
      try {
        return await change();
      } catch (error) {
        if (!signInTooOld(error)) throw error;
        show({ kind: 'signInAgain' });
      }
    });
  /** Every session has ended, this one too: this device forgets its tokens. */
  const signedOut = async (outcome: { title: string; description: string }) => {
    await signOut();
    notify('success', outcome.title, outcome.description);
    navigate('/', { replace: true });
    return 'leaving' as const;
  };

  const add = (name: string) =>
    attempt(async () => {
      const { options } = await send({ route: 'startPasskeyRegistration' });
      const credential = await createPasskey(options);
      await send({ route: 'addPasskey', body: { name: name.trim(), credential } });
      return signedOut(passkeyWords.added);
    });

  const remove = (passkey: Passkey) =>
    attempt(async () => {
      await send({ route: 'deletePasskey', params: { credentialId: passkey.id } });
      return signedOut(passkeyWords.removed);
    });

  /** A new sign-in, back on this page: the change can then be made. */
  const signInAgain = () =>
    step.run(async () => {
      returnAfterSignIn('/account');
      await signOut();
      navigate('/', { replace: true });
      return 'leaving';
    });

  return { mode, show, step, add, remove, signInAgain };
}

type Actions = ReturnType<typeof usePasskeyActions>;

/** The new passkey's name, then the browser's part. */
function AddPasskeyForm({ actions }: { actions: Actions }) {
  const [name, setName] = useState('');
  const { busy, problems, setProblems, fieldProps } = actions.step;
  const field = fieldProps('name', name, setName);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const unfit = nameProblem(name);
    if (unfit) return setProblems({ name: unfit });
    await actions.add(name);
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a passkey">
      <Stack gap="3">
        {problems.form && <FormAlert>{problems.form}</FormAlert>}
        <FormField label="Passkey name" error={field.error}>
          <FieldInput
            autoComplete="off"
            placeholder="Work laptop"
            value={name}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            autoFocus
          />
        </FormField>
        <Text color="fg.muted" fontSize="sm">
          Your browser then asks for your fingerprint, face or PIN. Every session ends once the passkey is added: you
          sign in again.
        </Text>
        <HStack gap="2">
          <Button type="submit" colorPalette="yellow" loading={busy} loadingText="Adding passkey...">
            Add passkey
          </Button>
          <CancelButton actions={actions} />
        </HStack>
      </Stack>
    </form>
  );
}

function CancelButton({ actions }: { actions: Actions }) {
  return (
    <Button variant="ghost" onClick={() => actions.show({ kind: 'idle' })} disabled={actions.step.busy}>
      Cancel
    </Button>
  );
}

/** "Remove this passkey?", with what follows: every session ends. */
function RemoveConfirm({ passkey, actions }: { passkey: Passkey; actions: Actions }) {
  const { busy, problems } = actions.step;
  return (
    <Stack gap="3" align="flex-start" role="group" aria-label={`Remove ${passkey.name}`}>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <Text>
        Remove the passkey &ldquo;{passkey.name}&rdquo;? It can no longer sign you in, and every session ends: you sign
        in again.
      </Text>
      <HStack gap="2">
        <Button
          colorPalette="red"
          onClick={() => void actions.remove(passkey)}
          loading={busy}
          loadingText="Removing..."
        >
          Remove
        </Button>
        <CancelButton actions={actions} />
      </HStack>
    </Stack>
  );
}

/** Why the change waits for a new sign-in, and the way to it. */
function SignInAgainPanel({ actions }: { actions: Actions }) {
  return (
    <Stack gap="3" align="flex-start">
      <FormAlert>{passkeyWords.signInAgain}</FormAlert>
      <HStack gap="2">
        <Button
          colorPalette="yellow"
          onClick={() => void actions.signInAgain()}
          loading={actions.step.busy}
          loadingText="Signing out..."
        >
          Sign in again
        </Button>
        <CancelButton actions={actions} />
      </HStack>
    </Stack>
  );
}

/** The passkeys, each with its Remove; none yet said so. */
function PasskeyList({ passkeys, actions }: { passkeys: Passkey[]; actions: Actions }) {
  if (passkeys.length === 0) return <Text color="fg.muted">No passkeys yet.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Passkeys">
      {passkeys.map((passkey) => (
        <HStack as="li" key={passkey.id} justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="semibold">{passkey.name}</Text>
            <Text color="fg.muted" fontSize="sm">
              Added {formatDate(passkey.createdAt)}
            </Text>
          </Stack>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => actions.show({ kind: 'remove', passkey })}
            aria-label={`Remove ${passkey.name}`}
          >
            Remove
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}

/** What the card shows once the list is in: the panel of the change under way, else the list and "Add a passkey". */
function PasskeysPanel({ user, list, actions }: { user: User; list: AnswerOf<'listPasskeys'>; actions: Actions }) {
  const { mode } = actions;
  if (mode.kind === 'signInAgain') return <SignInAgainPanel actions={actions} />;
  if (mode.kind === 'remove') return <RemoveConfirm passkey={mode.passkey} actions={actions} />;
  const adminWithout = list.passkeyRequiredForAdmin && user.isAdmin && list.passkeys.length === 0;
  return (
    <Stack gap="4" align="stretch">
      <Text>
        A passkey signs you in with your device&rsquo;s fingerprint, face or PIN instead of your password and code.
      </Text>
      {adminWithout && (
        <Text color="fg.warning" fontSize="sm">
          {passkeyWords.adminNeedsOne}
        </Text>
      )}
      <PasskeyList passkeys={list.passkeys} actions={actions} />
      {mode.kind === 'add' ? (
        <AddPasskeyForm actions={actions} />
      ) : (
        <Button colorPalette="yellow" alignSelf="flex-start" onClick={() => actions.show({ kind: 'add' })}>
          Add a passkey
        </Button>
      )}
    </Stack>
  );
}

export function PasskeysCard({ user }: { user: User }) {
  const list = useRoute({ route: 'listPasskeys' });
  const actions = usePasskeyActions();
  let body;
  if (list.error && !list.data)
    body = <LoadFailed message="Could not load your passkeys." onRetry={() => void list.mutate()} />;
  else if (!list.data) body = <LoadingLine label="Loading passkeys..." />;
  else body = <PasskeysPanel user={user} list={list.data} actions={actions} />;
  return (
    <SectionCard id="passkeys" title="Passkeys">
      {body}
    </SectionCard>
  );
}
