/**
 * `/`: 'Welcome Back'. E-mail and password, or Google; links to reset and to sign-up. A user with
 * two-factor sign-in then gives the authenticator app's code on the same card. What is wrong is
 * said at the field it concerns (a wrong password under the password), and over the form under
 * 'Sign-in failed'.
 */
import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { type FormEvent, useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { signInErrors as errors, signInTitles, signInToasts } from '../../../shared/auth-messages';
import { signInFieldErrors } from '../../../shared/forms';
import { type AuthField, authProblems, totpAttemptEnded, totpCode } from '../auth/errors';
import { failureOf, useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink, OrDivider } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { PasswordField } from '../components/form-field';
import { GoogleButton } from '../components/google-button';
import { notify } from '../components/toaster';

const signInProblems = (error: unknown) => authProblems('signIn', error);
const codeProblems = (error: unknown) => authProblems('totp', error);

type Step = ReturnType<typeof useAuthStep<AuthField>>;

/** The code step: the authenticator app's code, after a right password; back to the password when Cognito has ended the attempt. */
function CodeStep({
  signedIn,
  onEnded,
  onBack,
}: {
  signedIn: () => Promise<'leaving'>;
  onEnded: () => void;
  onBack: () => void;
}) {
  const { backend } = useAuth();
  const [code, setCode] = useState('');
  const { busy, run, problems, setProblems, fieldProps } = useAuthStep<AuthField>(codeProblems);

  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    const digits = totpCode(code);
    if (!digits) return setProblems({ code: errors.twoFactor.codeRequired });
    await run(async () => {
      try {
        await backend.confirmTotp(digits);
      } catch (error) {
        // A wrong or reused code may be tried again; an attempt Cognito has ended needs the password again.
        setCode('');
        if (totpAttemptEnded(error)) onEnded();
        throw error;
      }
      return signedIn();
    });
  };

  return (
    <AuthCard title="Welcome Back" subtitle="Enter the 6-digit code from your authenticator app">
      <AuthForm
        onSubmit={onCode}
        submitText="Verify"
        busyText="Verifying..."
        busy={busy}
        failure={failureOf(problems, signInTitles.signInFailed)}
      >
        <CodeField label="Authentication code" {...fieldProps('code', code, setCode)} autoFocus />
      </AuthForm>
      <Button variant="ghost" onClick={onBack} disabled={busy}>
        Back to sign in
      </Button>
    </AuthCard>
  );
}

/** The e-mail and password (or Google); `onCode` when Cognito then wants the app's code. */
function PasswordStep({
  email,
  setEmail,
  step,
  signedIn,
  onCode,
}: {
  email: string;
  setEmail: (value: string) => void;
  step: Step;
  signedIn: () => Promise<'leaving'>;
  onCode: () => void;
}) {
  const { backend } = useAuth();
  const navigate = useNavigate();
  // Cognito holds the attempt once it asks for the code; a new one starts from the password, so it is not kept.
  const [password, setPassword] = useState('');
  const { busy, run, problems, setProblems, fieldProps } = step;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const unfit = signInFieldErrors({ email, password });
    if (unfit) return setProblems(unfit);
    await run(async () => {
      const outcome = await backend.signIn(email, password);
      if (outcome === 'confirmSignUp') {
        navigate(`/signup?email=${encodeURIComponent(email.trim())}&step=confirm`);
        return 'leaving';
      }
      if (outcome === 'totpCode') return onCode();
      return signedIn();
    });
  };

  const forgot = (
    <Link asChild fontSize="sm" color="yellow.fg">
      <RouterLink to="/forgot-password">Forgot password?</RouterLink>
    </Link>
  );
  return (
    <AuthCard title="Welcome Back" subtitle="Access your gold trading portfolio">
      <GoogleButton label="Continue with Google" failureTitle={signInTitles.signInFailed} />
      <OrDivider />
      <AuthForm
        onSubmit={onSubmit}
        submitText="Sign In"
        busyText="Signing in..."
        busy={busy}
        failure={failureOf(problems, signInTitles.signInFailed)}
      >
        <EmailField {...fieldProps('email', email, setEmail)} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...fieldProps('password', password, setPassword)}
          labelEnd={forgot}
        />
      </AuthForm>
      <FooterLink prompt="New to Aurum?" to="/signup" label="Create Account" />
    </AuthCard>
  );
}

export default function SignIn() {
  const { reload } = useAuth();
  const [email, setEmail] = useState('');
  /** 'code': the password was right and Cognito wants the authenticator app's code. */
  const [step, setStep] = useState<'password' | 'code'>('password');
  const passwordStep = useAuthStep<AuthField>(signInProblems);
  const { setProblems } = passwordStep;

  const signedIn = useCallback(async () => {
    notify('success', signInToasts.welcomeBack);
    await reload(); // the route guard then sends admins to /admin, everyone else to /dashboard
    return 'leaving' as const;
  }, [reload]);

  if (step === 'code') {
    const ended = () => {
      setProblems({ form: errors.twoFactor.attemptEnded });
      setStep('password');
    };
    return <CodeStep signedIn={signedIn} onEnded={ended} onBack={() => setStep('password')} />;
  }
  return (
    <PasswordStep
      email={email}
      setEmail={setEmail}
      step={passwordStep}
      signedIn={signedIn}
      onCode={() => setStep('code')}
    />
  );
}
