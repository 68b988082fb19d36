/**
 * The account page's password change: the current password, then the new one twice, under the
 * sign-up rules (listed under the new one before they can be broken). Through the API (POST
 * /api/me/password), which ends every session once it is changed, this one too: the user signs
 * in again with the new password. Each problem shows under the field it concerns.
 */
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { newPasswordProblem } from '../../../../shared/forms';
import { errors, successToasts, validation } from '../../../../shared/messages';
import { useSend } from '../../api/hooks';
import { type User, useAuth } from '../../auth/session';
import { type Problems, useAuthStep } from '../../auth/use-auth-step';
import { FormAlert, PasswordField } from '../../components/form-field';
import { NewPasswordField } from '../../components/password-rules';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { type AccountField, accountProblems } from './errors';

type PasswordField = AccountField | 'confirm';

/** The checks sign-up makes of a new password (the rules, then the match), after the current one is given: each at its field. */
function passwordProblems(current: string, next: string, confirm: string): Problems<PasswordField> | null {
  const weak = newPasswordProblem(next);
  const found: Problems<PasswordField> = {
    ...(current === '' ? { currentPassword: errors.account.currentPasswordRequired } : {}),
    ...(weak ? { newPassword: weak } : next !== confirm ? { confirm: validation.passwordMismatch.description } : {}),
  };
  return Object.keys(found).length > 0 ? found : null;
}

export function PasswordCard({ user }: { user: User }) {
  const send = useSend();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, run, problems, setProblems, fieldProps } = useAuthStep<PasswordField>(accountProblems);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const unfit = passwordProblems(current, next, confirm);
    if (unfit) return setProblems(unfit);
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
          {problems.form && <FormAlert>{problems.form}</FormAlert>}
          {/* For password managers: the account whose password this is. */}
          <input type="email" autoComplete="username" value={user.email} readOnly hidden />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...fieldProps('currentPassword', current, setCurrent)}
          />
          <NewPasswordField label="New password" {...fieldProps('newPassword', next, setNext)} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...fieldProps('confirm', confirm, setConfirm)}
          />
          <Button
            type="submit"
            colorPalette="yellow"
            alignSelf="flex-start"
            loading={busy}
            loadingText="Changing password..."
          >
            Change password
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
