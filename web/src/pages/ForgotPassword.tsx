/**
 * `/forgot-password`: 'Reset Password'. Sends the reset code, then finishes the reset with it.
 * The e-mail's link (`?email=&code=`) opens the finishing form with both filled in.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Separator } from '@chakra-ui/react/separator';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiMessages, errors, successToasts, toastTitles } from '../../../shared/messages';
import { checkNewPassword } from '../../../shared/forms';
import { looksLikeEmail } from '../auth/errors';
import { useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { notify } from '../components/toaster';

type Step = 'request' | 'sent' | 'finish';

export default function ForgotPassword() {
  const { backend } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkEmail = params.get('email') ?? '';
  const linkCode = params.get('code') ?? '';

  const [step, setStep] = useState<Step>(linkEmail && linkCode ? 'finish' : 'request');
  const [email, setEmail] = useState(linkEmail);
  const [code, setCode] = useState(linkCode);
  const [newPassword, setNewPassword] = useState('');
  const { busy, run } = useAuthStep('reset', toastTitles.resetFailed);

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return notify('error', toastTitles.resetFailed, apiMessages.emailRequired);
    if (!looksLikeEmail(email)) return notify('error', toastTitles.resetFailed, errors.reset.invalidEmail);
    await run(async () => {
      await backend.sendResetCode(email.trim());
      setEmail(email.trim());
      notify('success', successToasts.resetEmailSent);
      setStep('sent');
    });
  };

  const onFinish = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return notify('error', toastTitles.resetFailed, 'Please enter the reset code from the email');
    const weak = checkNewPassword(newPassword);
    if (weak) return notify('error', weak.title, weak.description);
    await run(async () => {
      await backend.confirmReset(email, code, newPassword);
      notify('success', 'Password updated', 'Please sign in with your new password.');
      navigate('/', { replace: true });
      return 'leaving';
    });
  };

  const tryAnother = () => {
    setStep('request');
    setCode('');
    setNewPassword('');
  };

  if (step === 'request') {
    return (
      <AuthCard title="Reset Password">
        <AuthForm onSubmit={onSend} submitText="Send Reset Link" busyText="Sending..." busy={busy}>
          <EmailField value={email} onChange={setEmail} />
        </AuthForm>
        <FooterLink prompt="Remembered it?" to="/" label="Back to Sign In" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      {step === 'sent' ? (
        <Stack gap="1" textAlign="center">
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
      <AuthForm onSubmit={onFinish} submitText="Set New Password" busyText="Saving..." busy={busy}>
        <CodeField label="Reset code" value={code} onChange={setCode} />
        <Field.Root>
          <Field.Label>New password</Field.Label>
          <Input type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.currentTarget.value)} />
        </Field.Root>
      </AuthForm>
      <Separator />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button variant="outline" flex="1" onClick={tryAnother}>
          Try another email
        </Button>
        <Button variant="outline" flex="1" onClick={() => navigate('/')}>
          Back to Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}
