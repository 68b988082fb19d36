/**
 * `/forgot-password`: 'Reset Password'. Sends the reset code, then finishes the reset with it.
 * The e-mail's link (`?email=&code=`) opens the finishing form with both filled in.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Separator } from '@chakra-ui/react/separator';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiMessages, errors, successToasts, toastTitles } from '../../../shared/messages';
import { checkNewPassword } from '../../../shared/forms';
import { authErrorMessage, looksLikeEmail } from '../auth/errors';
import { useAuth } from '../auth/session';
import { AuthCard, EmailField, FooterLink } from '../components/auth-card';
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
  const [busy, setBusy] = useState(false);

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return notify('error', toastTitles.resetFailed, apiMessages.emailRequired);
    if (!looksLikeEmail(email)) return notify('error', toastTitles.resetFailed, errors.reset.invalidEmail);
    setBusy(true);
    try {
      await backend.sendResetCode(email.trim());
      setEmail(email.trim());
      notify('success', successToasts.resetEmailSent);
      setStep('sent');
    } catch (error) {
      notify('error', toastTitles.resetFailed, authErrorMessage('reset', error));
    }
    setBusy(false);
  };

  const onFinish = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return notify('error', toastTitles.resetFailed, 'Please enter the reset code from the email');
    const weak = checkNewPassword(newPassword);
    if (weak) return notify('error', weak.title, weak.description);
    setBusy(true);
    try {
      await backend.confirmReset(email, code, newPassword);
      notify('success', 'Password updated', 'Please sign in with your new password.');
      navigate('/', { replace: true });
    } catch (error) {
      notify('error', toastTitles.resetFailed, authErrorMessage('reset', error));
      setBusy(false);
    }
  };

  const tryAnother = () => {
    setStep('request');
    setCode('');
    setNewPassword('');
  };

  if (step === 'request') {
    return (
      <AuthCard title="Reset Password">
        <Stack gap="5">
          <form onSubmit={(e) => void onSend(e)} noValidate>
            <Stack gap="4">
              <EmailField value={email} onChange={setEmail} />
              <Button type="submit" colorPalette="yellow" loading={busy} loadingText="Sending...">
                Send Reset Link
              </Button>
            </Stack>
          </form>
          <FooterLink prompt="Remembered it?" to="/" label="Back to Sign In" />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <Stack gap="5">
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
        <form onSubmit={(e) => void onFinish(e)} noValidate>
          <Stack gap="4">
            <Field.Root>
              <Field.Label>Reset code</Field.Label>
              <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>New password</Field.Label>
              <Input type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.currentTarget.value)} />
            </Field.Root>
            <Button type="submit" colorPalette="yellow" loading={busy} loadingText="Saving...">
              Set New Password
            </Button>
          </Stack>
        </form>
        <Separator />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button variant="outline" flex="1" onClick={tryAnother}>
            Try another email
          </Button>
          <Button variant="outline" flex="1" onClick={() => navigate('/')}>
            Back to Sign In
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
