/**
 * The account page's password change: the current password, then the new one twice, under the
 * sign-up rules. Through the API (POST /api/me/password), which ends every session once it is
 * changed, this one too: the user signs in again with the new password.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkNewPassword } from '../../../../shared/forms';
import { errors, type Notice, successToasts, toastTitles, validation } from '../../../../shared/messages';
import { useSend } from '../../api/hooks';
import { type User, useAuth } from '../../auth/session';
import { useAuthStep } from '../../auth/use-auth-step';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { accountErrorMessage } from './errors';

/** The checks sign-up makes of a new password, in its order (mismatch, then the rules), after the current one is given. */
function passwordProblem(current: string, next: string, confirm: string): Notice | null {
  if (current === '') return { title: toastTitles.passwordChangeFailed, description: errors.account.currentPasswordRequired };
  if (next !== confirm) return validation.passwordMismatch;
  return checkNewPassword(next);
}

function PasswordField({ label, autoComplete, value, onChange }: { label: string; autoComplete: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type="password" autoComplete={autoComplete} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </Field.Root>
  );
}

export function PasswordCard({ user }: { user: User }) {
  const send = useSend();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, run } = useAuthStep(accountErrorMessage, toastTitles.passwordChangeFailed);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(current, next, confirm);
    if (problem) return notify('error', problem.title, problem.description);
    await run(async () => {
      await send({ route: 'changeMyPassword', body: { previousPassword: current, proposedPassword: next } });
      // Every session has ended, this one too: this device forgets its tokens.
      await signOut();
      notify('success', successToasts.passwordChanged, successToasts.signInWithNewPassword);
      navigate('/', { replace: true });
      return 'leaving';
    });
  };

  return (
    <SectionCard title="Password">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password">
        <Stack gap="4">
          {/* For password managers: the account whose password this is. */}
          <input type="email" autoComplete="username" value={user.email} readOnly hidden />
          <PasswordField label="Current password" autoComplete="current-password" value={current} onChange={setCurrent} />
          <PasswordField label="New password" autoComplete="new-password" value={next} onChange={setNext} />
          <PasswordField label="Confirm new password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
          <Button type="submit" colorPalette="yellow" alignSelf="flex-start" loading={busy} loadingText="Changing password...">
            Change password
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
