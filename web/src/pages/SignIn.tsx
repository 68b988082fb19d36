/**
 * `/`: 'Welcome Back'. E-mail and password, or Google; links to reset and to sign-up. A user with
 * two-factor sign-in then gives the authenticator app's code on the same card.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errors, successToasts, toastTitles } from '../../../shared/messages';
import { checkSignInForm } from '../../../shared/forms';
import { looksLikeEmail, totpAttemptEnded, totpCode } from '../auth/errors';
import { useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink, OrDivider } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { GoogleButton } from '../components/google-button';
import { notify } from '../components/toaster';

export default function SignIn() {
  const { backend, reload } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useAuthStep('signIn', toastTitles.signInFailed);
  /** 'code': the password was right and Cognito wants the authenticator app's code. */
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const codeStep = useAuthStep('totp', toastTitles.signInFailed);

  const signedIn = async () => {
    notify('success', successToasts.welcomeBack);
    await reload(); // the route guard then sends admins to /admin, everyone else to /dashboard
    return 'leaving' as const;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkSignInForm({ email, password });
    if (problem) return notify('error', problem.title, problem.description);
    if (!looksLikeEmail(email)) return notify('error', toastTitles.signInFailed, errors.signIn.invalidEmail);
    await run(async () => {
      const outcome = await backend.signIn(email, password);
      if (outcome === 'confirmSignUp') {
        navigate(`/signup?email=${encodeURIComponent(email.trim())}&step=confirm`);
        return 'leaving';
      }
      if (outcome === 'totpCode') {
        setPassword(''); // Cognito holds the attempt now; a new one starts from the password
        setCode('');
        setStep('code');
        return;
      }
      return signedIn();
    });
  };

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    const digits = totpCode(code);
    if (!digits) return notify('error', toastTitles.signInFailed, errors.twoFactor.codeRequired);
    await codeStep.run(async () => {
      try {
        await backend.confirmTotp(digits);
      } catch (error) {
        // A wrong or reused code may be tried again; an attempt Cognito has ended needs the password again.
        setCode('');
        if (totpAttemptEnded(error)) setStep('password');
        throw error;
      }
      return signedIn();
    });
  };

  if (step === 'code') {
    return (
      <AuthCard title="Welcome Back" subtitle="Enter the 6-digit code from your authenticator app">
        <AuthForm onSubmit={onCode} submitText="Verify" busyText="Verifying..." busy={codeStep.busy}>
          <CodeField label="Authentication code" value={code} onChange={setCode} autoFocus />
        </AuthForm>
        <Button variant="ghost" onClick={() => setStep('password')} disabled={codeStep.busy}>
          Back to sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Access your gold trading portfolio">
      <GoogleButton label="Continue with Google" />
      <OrDivider />
      <AuthForm onSubmit={onSubmit} submitText="Sign In" busyText="Signing in..." busy={busy}>
        <EmailField value={email} onChange={setEmail} />
        <Field.Root>
          <HStack justify="space-between" width="full">
            <Field.Label>Password</Field.Label>
            <Link asChild fontSize="sm" color="yellow.fg">
              <RouterLink to="/forgot-password">Forgot password?</RouterLink>
            </Link>
          </HStack>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        </Field.Root>
      </AuthForm>
      <FooterLink prompt="New to Aurum?" to="/signup" label="Create Account" />
    </AuthCard>
  );
}
