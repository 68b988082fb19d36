/** `/`: 'Welcome Back'. E-mail and password, or Google; links to reset and to sign-up. */
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errors, successToasts, toastTitles } from '../../../shared/messages';
import { checkSignInForm } from '../../../shared/forms';
import { looksLikeEmail } from '../auth/errors';
import { useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink, OrDivider } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { notify } from '../components/toaster';

export default function SignIn() {
  const { backend, reload } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useAuthStep('signIn', toastTitles.signInFailed);

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
      notify('success', successToasts.welcomeBack);
      await reload(); // the route guard then sends admins to /admin, everyone else to /dashboard
      return 'leaving';
    });
  };

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
