/**
 * `/forgot-password`: 'Reset Password'. Sends the reset code, then finishes the reset with it.
 * The e-mail's link (`?email=&code=`) opens the finishing form with both filled in. Each field
 * says its problem under it, and the form over it under 'Reset failed' (or the password check's title); the new password's rules show under it before they can be broken.
 */
import { Button } from '@chakra-ui/react/button';
import { Separator } from '@chakra-ui/react/separator';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errors, successToasts } from '../../../shared/messages';
import { emailProblem, newPasswordProblem } from '../../../shared/forms';
import type { AuthField } from '../auth/errors';
import { failureTitle, formProblems } from '../auth/form-errors';
import { failureOf, useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { NewPasswordField } from '../components/password-rules';
import { notify } from '../components/toaster';

type Step = 'request' | 'sent' | 'finish';

const resetProblems = (error: unknown) => formProblems('reset', error);
const resetTitle = failureTitle('reset');

type Reset = ReturnType<typeof useAuthStep<AuthField>>;

/** The second step: the code from the e-mail and the new password (its rules under it), then sign-in. */
function FinishStep({
  email,
  sent,
  initialCode,
  reset,
  onAnother,
}: {
  email: string;
  sent: boolean;
  initialCode: string;
  reset: Reset;
  onAnother: () => void;
}) {
  const { backend } = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState(initialCode);
  const [newPassword, setNewPassword] = useState('');
  const { busy, run, problems, setProblems, fieldProps } = reset;

  const onFinish = async (event: FormEvent) => {
    event.preventDefault();
    const missingCode = code.trim() === '' ? errors.reset.codeRequired : undefined;
    const weak = newPasswordProblem(newPassword);
    if (missingCode || weak)
      return setProblems({ ...(missingCode ? { code: missingCode } : {}), ...(weak ? { password: weak } : {}) });
    await run(async () => {
      await backend.confirmReset(email, code, newPassword);
      notify('success', 'Password updated', 'Please sign in with your new password.');
      navigate('/', { replace: true });
      return 'leaving';
    });
  };

  return (
    <AuthCard title="Reset Password">
      {sent ? (
        <Stack gap="1" textAlign="center" role="status">
          <Text fontWeight="semibold" fontSize="lg">
            Check your email
          </Text>
          <Text color="fg.muted">We sent a password reset code to</Text>
          <Text fontWeight="semibold" wordBreak="break-all">
            {email}
          </Text>
        </Stack>
      ) : (
        <Text color="fg.muted" textAlign="center">
          Choose a new password for <strong>{email}</strong>.
        </Text>
      )}
      <AuthForm
        onSubmit={onFinish}
        submitText="Set New Password"
        busyText="Saving..."
        busy={busy}
        failure={failureOf(problems, resetTitle)}
      >
        <CodeField label="Reset code" {...fieldProps('code', code, setCode)} />
        <NewPasswordField label="New password" {...fieldProps('password', newPassword, setNewPassword)} />
      </AuthForm>
      <Separator />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button variant="outline" flex="1" onClick={onAnother}>
          Try another email
        </Button>
        <Button
          variant="outline"
          flex="1"
          onClick={() => {
            navigate('/');
          }}
        >
          Back to Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}

export default function ForgotPassword() {
  const { backend } = useAuth();
  const [params] = useSearchParams();
  const linkEmail = params.get('email') ?? '';
  const linkCode = params.get('code') ?? '';

  const [step, setStep] = useState<Step>(linkEmail && linkCode ? 'finish' : 'request');
  const [email, setEmail] = useState(linkEmail);
  const reset = useAuthStep<AuthField>(resetProblems);
  const { busy, run, problems, setProblems, fieldProps } = reset;

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    const unfit = emailProblem(email);
    if (unfit) return setProblems({ email: unfit });
    await run(async () => {
      await backend.sendResetCode(email.trim());
      setEmail(email.trim());
      setStep('sent'); // the page says where it was sent; the toast, that it was
      notify('success', successToasts.resetEmailSent);
    });
  };

  const tryAnother = () => {
    setStep('request');
    setProblems({});
  };

  if (step !== 'request')
    return (
      <FinishStep
        email={email}
        sent={step === 'sent'}
        initialCode={step === 'finish' ? linkCode : ''}
        reset={reset}
        onAnother={tryAnother}
      />
    );
  return (
    <AuthCard title="Reset Password">
      <AuthForm
        onSubmit={onSend}
        submitText="Send Reset Link"
        busyText="Sending..."
        busy={busy}
        failure={failureOf(problems, resetTitle)}
      >
        <EmailField {...fieldProps('email', email, setEmail)} />
      </AuthForm>
      <FooterLink prompt="Remembered it?" to="/" label="Back to Sign In" />
    </AuthCard>
  );
}
