/**
 * The account page's names (editable, unless another provider manages them) and e-mail (shown:
 * it is the sign-in name).
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { checkNameFields, type NameFieldErrors } from '../../../../shared/names';
import { successToasts } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { useSend } from '../../api/hooks';
import { type User, useAuth } from '../../auth/session';
import { useAuthStep } from '../../auth/use-auth-step';
import { FormAlert } from '../../components/form-field';
import { NameFields } from '../../components/name-fields';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { accountErrorMessage } from './errors';

// The API's refusal in its own words (it checks the names as sign-up does); Cognito's otherwise.
const profileProblems = (error: unknown) => ({
  form: (error instanceof ApiError && error.serverMessage) || accountErrorMessage(error),
});

/** The e-mail address, shown as a field that cannot be edited (it is the sign-in name). */
function EmailLine({ email }: { email: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label>Email</Field.Label>
      <Input type="email" value={email} variant="subtle" />
      <Field.HelperText>Your e-mail address is your sign-in name; it cannot be changed here.</Field.HelperText>
    </Field.Root>
  );
}

/**
 * A federated user's names, as text: Cognito copies them from the provider at every sign-in, so
 * an edit here would quietly come undone, and a field that cannot be edited would look as if it could.
 */
function ManagedNames({ user, provider }: { user: User; provider: string }) {
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Name
        </Text>
        <Text data-testid="profile-name">{user.displayName || '—'}</Text>
        <Text color="fg.muted" fontSize="sm">
          {provider} manages your name: change it in your {provider} account, and it follows here at your next sign-in.
        </Text>
      </Stack>
      <EmailLine email={user.email} />
    </Stack>
  );
}

function EditableNames({ user }: { user: User }) {
  const { reload } = useAuth();
  const send = useSend();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  /** A name's problem, shown at its field, as the sign-up form and the pre-sign-up trigger see it. */
  const [nameErrors, setNameErrors] = useState<NameFieldErrors | null>(null);
  const { busy, run, problems } = useAuthStep(profileProblems);
  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const badNames = checkNameFields(firstName, lastName);
    setNameErrors(badNames);
    if (badNames) return;
    await run(async () => {
      // Through the API, which renames in Cognito and in the portfolio admins see.
      await send({
        route: 'updateMyNames',
        params: { userId: user.sub },
        body: { firstName: firstName.trim(), lastName: lastName.trim() },
      });
      // New tokens, so the header and every page show the new names (the ID token carries them).
      await reload(true);
      notify('success', successToasts.profileUpdated);
    });
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Profile">
      <Stack gap="4">
        {problems.form && <FormAlert>{problems.form}</FormAlert>}
        <NameFields
          firstName={firstName}
          lastName={lastName}
          setFirstName={setFirstName}
          setLastName={setLastName}
          errors={nameErrors}
          setErrors={setNameErrors}
        />
        <EmailLine email={user.email} />
        <Button
          type="submit"
          colorPalette="yellow"
          alignSelf="flex-start"
          loading={busy}
          loadingText="Saving..."
          disabled={!changed}
        >
          Save
        </Button>
      </Stack>
    </form>
  );
}

export function ProfileCard({ user }: { user: User }) {
  return (
    <SectionCard title="Profile">
      {user.signInProvider ? (
        <ManagedNames user={user} provider={user.signInProvider} />
      ) : (
        <EditableNames user={user} />
      )}
    </SectionCard>
  );
}
