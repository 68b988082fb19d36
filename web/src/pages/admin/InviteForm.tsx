/**
 * The invitations page's form: whom to invite, checked as sign-up checks the address and the
 * names, each problem said at its field (the server's too: its own address, an address that has
 * an account, an invitation already used are the e-mail's problems).
 */
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import type { InvitationDto } from '../../../../shared/api';
import { isEmailAddress } from '../../../../shared/email-address';
import { invitationMessages, invitationRefusals } from '../../../../shared/invitations';
import { toastTitles } from '../../../../shared/messages';
import { checkNameFields, type NameFieldErrors } from '../../../../shared/names';
import { FieldInput, FormField } from '../../components/form-field';
import { NameFields } from '../../components/name-fields';
import { notify } from '../../components/toaster';
import { useDialogAction } from './dialog-action';
import { FormAlert } from './FormAlert';

/** The server's refusals that are about the address. */
const EMAIL_REFUSALS: readonly string[] = [
  invitationMessages.emailInvalid,
  invitationMessages.emailRequired,
  invitationRefusals.ownEmail,
  invitationRefusals.accountExists,
  invitationRefusals.alreadyUsed,
];

function emailProblem(email: string): string | null {
  if (!email.trim()) return invitationMessages.emailRequired;
  return isEmailAddress(email.trim()) ? null : invitationMessages.emailInvalid;
}

export function InviteForm({ onSent }: { onSent: (invitation: InvitationDto) => void }) {
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [nameErrors, setNameErrors] = useState<NameFieldErrors | null>(null);
  const write = useDialogAction(
    (send, body: { email: string; firstName: string; lastName: string }) => send({ route: 'createInvitation', body }),
    'Failed to send the invitation',
  );
  const serverEmailError = write.error && EMAIL_REFUSALS.includes(write.error) ? write.error : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const badEmail = emailProblem(email);
    const badNames = checkNameFields(firstName, lastName);
    setEmailError(badEmail);
    setNameErrors(badNames);
    if (badEmail || badNames) return;
    const answer = await write.run({ email: email.trim(), firstName: firstName.trim(), lastName: lastName.trim() });
    if (!answer) return;
    notify('success', invitationMessages.sent, `${answer.invitation.email} can sign up until the link expires.`);
    setEmail('');
    setFirstName('');
    setLastName('');
    onSent(answer.invitation);
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Invite a client">
      <Stack gap="4" maxW="xl">
        <FormField label="Email" error={emailError ?? serverEmailError}>
          <FieldInput
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setEmailError(null);
              write.clearError();
            }}
          />
        </FormField>
        <NameFields
          firstName={firstName}
          lastName={lastName}
          setFirstName={setFirstName}
          setLastName={setLastName}
          errors={nameErrors}
          setErrors={setNameErrors}
        />
        {write.error && !serverEmailError && <FormAlert title={toastTitles.error} message={write.error} />}
        <Button
          type="submit"
          colorPalette="yellow"
          alignSelf="flex-start"
          loading={write.busy}
          loadingText="Sending..."
        >
          Send invitation
        </Button>
      </Stack>
    </form>
  );
}
