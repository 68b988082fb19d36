/** The account page's names (editable) and e-mail (shown: it is the sign-in name). */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { checkNameFields, type NameFieldErrors } from '../../../../shared/names';
import { successToasts, toastTitles } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { useSend } from '../../api/hooks';
import { type User, useAuth } from '../../auth/session';
import { useAuthStep } from '../../auth/use-auth-step';
import { NameFields } from '../../components/name-fields';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { accountErrorMessage } from './errors';

export function ProfileCard({ user }: { user: User }) {
  const { reload } = useAuth();
  const send = useSend();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  /** A name's problem, shown at its field, as the sign-up form and the pre-sign-up trigger see it. */
  const [nameErrors, setNameErrors] = useState<NameFieldErrors | null>(null);
  // The API's refusal in its own words (it checks the names as sign-up does); Cognito's otherwise.
  const { busy, run } = useAuthStep((error) => (error instanceof ApiError && error.serverMessage) || accountErrorMessage(error), toastTitles.profileUpdateFailed);
  // Cognito copies a federated user's names from the provider at every sign-in: an edit here
  // would quietly come undone, so they are shown, not offered.
  const managed = user.signInProvider !== null;
  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const badNames = checkNameFields(firstName, lastName);
    setNameErrors(badNames);
    if (badNames) return;
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
          <NameFields firstName={firstName} lastName={lastName} setFirstName={setFirstName} setLastName={setLastName} errors={nameErrors} setErrors={setNameErrors} readOnly={managed} />
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
