/** The account page's names (editable) and e-mail (shown: it is the sign-in name). */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { checkNames } from '../../../../shared/forms';
import { apiMessages, successToasts, toastTitles } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { useSend } from '../../api/hooks';
import { type User, useAuth } from '../../auth/session';
import { useAuthStep } from '../../auth/use-auth-step';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { accountErrorMessage } from './errors';

/** The problem with the names, as the sign-up form and the pre-sign-up trigger see them, or null. */
function namesProblem(firstName: string, lastName: string): string | null {
  if (firstName.trim() === '') return apiMessages.firstNameRequired;
  if (lastName.trim() === '') return apiMessages.lastNameRequired;
  return checkNames(firstName, lastName);
}

export function ProfileCard({ user }: { user: User }) {
  const { reload } = useAuth();
  const send = useSend();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  // The API's refusal in its own words (it checks the names as sign-up does); Cognito's otherwise.
  const { busy, run } = useAuthStep((error) => (error instanceof ApiError && error.serverMessage) || accountErrorMessage(error), toastTitles.profileUpdateFailed);
  // Cognito copies a federated user's names from the provider at every sign-in: an edit here
  // would quietly come undone, so they are shown, not offered.
  const managed = user.signInProvider !== null;
  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = namesProblem(firstName, lastName);
    if (problem) return notify('error', toastTitles.profileUpdateFailed, problem);
    await run(async () => {
      // Through the API, which renames in Cognito and in the portfolio admins see.
      await send({ route: 'updateMyNames', params: { userId: user.sub }, body: { firstName: firstName.trim(), lastName: lastName.trim() } });
      // New tokens, so the header and every page show the new names (the ID token carries them).
      await reload(true);
      notify('success', successToasts.profileUpdated);
    });
  };

  return (
    <SectionCard title="Profile">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Profile">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root readOnly={managed}>
              <Field.Label>First name</Field.Label>
              <Input autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root readOnly={managed}>
              <Field.Label>Last name</Field.Label>
              <Input autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          <Field.Root readOnly>
            <Field.Label>Email</Field.Label>
            <Input type="email" value={user.email} variant="subtle" />
            <Field.HelperText>Your e-mail address is your sign-in name; it cannot be changed here.</Field.HelperText>
          </Field.Root>
          {managed ? (
            <Text color="fg.muted" fontSize="sm">
              Your name comes from your {user.signInProvider} account.
            </Text>
          ) : (
            <Button type="submit" colorPalette="yellow" alignSelf="flex-start" loading={busy} loadingText="Saving..." disabled={!changed}>
              Save
            </Button>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
