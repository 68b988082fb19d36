/**
 * `/signup`: 'Create Account'. The form, then the e-mail verification step on the same page.
 * The verification e-mail's link (`?email=&code=`) confirms straight away; sign-in of an
 * unconfirmed user lands here with `?email=&step=confirm`.
 */
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errors, successToasts, toastTitles } from '../../../shared/messages';
import { checkSignUpForm } from '../../../shared/forms';
import { checkNameFields, type NameFieldErrors } from '../../../shared/names';
import { ApiError } from '../api/client';
import { send } from '../api/calls';
import { useApi } from '../api/provider';
import { looksLikeEmail } from '../auth/errors';
import { useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink, OrDivider } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { PageSpinner } from '../components/page-spinner';
import { notify } from '../components/toaster';
import { GoogleButton } from '../components/google-button';
import { NameFields } from '../components/name-fields';

type Step = 'form' | 'verify';

export default function SignUp() {
  const { status, backend, reload } = useAuth();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkEmail = params.get('email') ?? '';
  const linkCode = params.get('code') ?? '';
  const opensOnVerify = linkEmail !== '' && (linkCode !== '' || params.get('step') === 'confirm');

  const [step, setStep] = useState<Step>(opensOnVerify ? 'verify' : 'form');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState(linkEmail);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  /** A name's problem, shown at its field (the words the API and the pre-sign-up trigger answer with). */
  const [nameErrors, setNameErrors] = useState<NameFieldErrors | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState(linkCode);
  const { busy, run } = useAuthStep('signUp', toastTitles.signUpFailed);
  const resend = useAuthStep('signUp', toastTitles.signUpFailed);
  /** Set while the confirmed account is being signed in and given its portfolio: no redirect meanwhile. */
  const [finishing, setFinishing] = useState(false);

  const finish = useCallback(
    async (signedIn: boolean) => {
      if (!signedIn) {
        notify('success', successToasts.accountCreated, 'Please sign in.');
        navigate('/', { replace: true });
        return;
      }
      const user = await reload();
      if (!user) {
        notify('success', successToasts.accountCreated, 'Please sign in.');
        navigate('/', { replace: true });
        return;
      }
      try {
        await send(api, { route: 'createPortfolio', body: { userId: user.sub, initialBalance: 0 } });
      } catch (error) {
        // 409: the portfolio exists already (a second tab finished first); anything else is worth saying.
        if (!(error instanceof ApiError && error.status === 409)) {
          notify('error', toastTitles.signUpFailed, (error instanceof ApiError && error.serverMessage) || errors.generic);
          navigate('/dashboard', { replace: true });
          return;
        }
      }
      notify('success', successToasts.accountCreated);
      navigate('/dashboard', { replace: true });
    },
    [api, navigate, reload],
  );

  const confirm = useCallback(
    async (address: string, confirmationCode: string) => {
      if (confirmationCode.trim() === '') {
        notify('error', toastTitles.signUpFailed, 'Please enter the verification code from the email');
        return;
      }
      setFinishing(true);
      const confirmed = await run(async () => {
        const { signedIn } = await backend.confirmSignUp(address, confirmationCode);
        await finish(signedIn);
        return 'leaving';
      });
      if (!confirmed) setFinishing(false);
    },
    [backend, finish, run],
  );

  // The e-mail's link carries the code: confirm at once (once, even under StrictMode).
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (autoSubmitted.current || !linkEmail || !linkCode || status === 'loading') return;
    autoSubmitted.current = true;
    void confirm(linkEmail, linkCode);
  }, [confirm, linkCode, linkEmail, status]);

  if (status === 'loading') return <PageSpinner label="Loading your account..." />;
  if (status === 'signedIn' && !finishing && !linkCode) return <Navigate to="/dashboard" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const badNames = checkNameFields(firstName, lastName);
    setNameErrors(badNames);
    if (badNames) return;
    const problem = checkSignUpForm({ email, password, confirmPassword });
    if (problem) return notify('error', problem.title, problem.description);
    if (!looksLikeEmail(email)) return notify('error', toastTitles.signUpFailed, errors.signUp.invalidEmail);
    await run(async () => {
      const outcome = await backend.signUp({ email: email.trim(), password, firstName: firstName.trim(), lastName: lastName.trim() });
      if (outcome === 'done') {
        setFinishing(true);
        await finish(false);
        return 'leaving';
      }
      setEmail(email.trim());
      setStep('verify');
    });
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    void confirm(email, code);
  };

  const onResend = () =>
    resend.run(async () => {
      await backend.resendCode(email);
      notify('success', 'Code sent', `A new verification code was sent to ${email}`);
    });

  if (step === 'verify') {
    return (
      <AuthCard title="Create Account" subtitle="Join the firm">
        <Stack gap="1" textAlign="center">
          <Text fontWeight="semibold" fontSize="lg">
            Check your email
          </Text>
          <Text color="fg.muted">
            We sent a verification code to <strong>{email}</strong>.
          </Text>
        </Stack>
        <AuthForm onSubmit={onVerify} submitText="Verify" busyText="Verifying..." busy={busy}>
          <CodeField label="Verification code" value={code} onChange={setCode} />
        </AuthForm>
        <Button variant="ghost" onClick={() => void onResend()} loading={resend.busy} disabled={busy}>
          Resend code
        </Button>
        <FooterLink prompt="Already confirmed?" to="/" label="Sign in" />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create Account" subtitle="Join the firm">
      <GoogleButton label="Sign up with Google" />
      <OrDivider />
      <AuthForm onSubmit={onSubmit} submitText="Create Account" busyText="Creating account..." busy={busy}>
        <NameFields firstName={firstName} lastName={lastName} setFirstName={setFirstName} setLastName={setLastName} errors={nameErrors} setErrors={setNameErrors} />
        <EmailField value={email} onChange={setEmail} />
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <InputGroup
            endElement={
              <Button
                size="xs"
                variant="ghost"
                me="-2"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
              >
                {showPassword ? 'Hide' : 'Show'}
              </Button>
            }
          >
            <Input type={showPassword ? 'text' : 'password'} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          </InputGroup>
        </Field.Root>
        <Field.Root>
          <Field.Label>Confirm password</Field.Label>
          <Input type={showPassword ? 'text' : 'password'} autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.currentTarget.value)} />
        </Field.Root>
      </AuthForm>
      <FooterLink prompt="Already have an account?" to="/" label="Sign in" />
    </AuthCard>
  );
}
