/**
 * `/`: 'Welcome Back'. E-mail and password, a passkey of the account typed, or Google; links to
 * reset and to sign-up. A user with
 * two-factor sign-in then gives the authenticator app's code on the same card. What is wrong is
 * said at the field it concerns (a wrong password under the password), and over the form under
 * 'Sign-in failed'.
 */
import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { type FormEvent, lazy, startTransition, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { signInErrors as errors, signInTitles, signInToasts } from '../../../shared/auth-messages';
import { signInFieldErrors } from '../../../shared/forms';
import { type AuthField, authProblems } from '../auth/errors';
import { failureOf, useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink, OrDivider } from '../components/auth-card';
import { PasswordField } from '../components/form-field';
import { GoogleButton } from '../components/google-button';
import { notify } from '../components/toaster';

const signInProblems = (error: unknown) => authProblems('signIn', error);
/** The code step, with the signed-out pages (./SignInCodeStep): it shows only after a password Cognito took. */
const CodeStep = lazy(() => import('./signed-out-pages').then((pages) => ({ default: pages.SignInCodeStep })));

type Step = ReturnType<typeof useAuthStep<AuthField>>;

/**
 * "Sign in with a passkey": of the account whose e-mail is typed (Cognito asks for one of that
 * account's passkeys). Its problems show where the form's do; busy on its own button. Its code
 * and words load when it is pressed (auth/passkey-sign-in.ts).
 */
function PasskeyButton({
  email,
  step,
  signedIn,
  onCode,
}: {
  email: string;
  step: Step;
  signedIn: () => Promise<'leaving'>;
  onCode: () => void;
}) {
  const { backend } = useAuth();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    step.setProblems({});
    const outcome = await import('../auth/passkey-sign-in').then(
      (part) => part.passkeySignIn(backend, email),
      signInProblems,
    );
    if (outcome === 'signedIn') return signedIn(); // leaving: the button stays busy while the page changes
    setBusy(false);
    if (outcome === 'totpCode') onCode();
    else step.setProblems(outcome);
  };
  return (
    <Button
      variant="outline"
      onClick={() => void onClick()}
      loading={busy}
      loadingText="Waiting for your passkey..."
      disabled={step.busy}
    >
      Sign in with a passkey
    </Button>
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
        <EmailField autoComplete="username webauthn" {...fieldProps('email', email, setEmail)} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...fieldProps('password', password, setPassword)}
          labelEnd={forgot}
        />
      </AuthForm>
      <PasskeyButton email={email} step={step} signedIn={signedIn} onCode={onCode} />
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
    return (
      <Suspense>
        <CodeStep signedIn={signedIn} onEnded={ended} onBack={() => setStep('password')} />
      </Suspense>
    );
  }
  return (
    <PasswordStep
      email={email}
      setEmail={setEmail}
      step={passwordStep}
      signedIn={signedIn}
      // In a transition: the password step stays on screen while the code step's part loads.
      onCode={() => startTransition(() => setStep('code'))}
    />
  );
}
