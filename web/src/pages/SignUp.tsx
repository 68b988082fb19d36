/**
 * `/signup`: 'Create Account'. The form, then the e-mail verification step on the same page.
 * The verification e-mail's link (`?email=&code=`) confirms straight away; sign-in of an
 * unconfirmed user lands here with `?email=&step=confirm`. Each field says its problem under it
 * (and the form over it, under 'Sign-up failed' or the password check's title),
 * and the password's rules show under it before they can be broken.
 */
import { Button } from '@chakra-ui/react/button';
import { InputGroup } from '@chakra-ui/react/input-group';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { errors, successToasts, toastTitles } from '../../../shared/messages';
import { signUpFieldErrors } from '../../../shared/forms';
import { checkNameFields, type NameFieldErrors } from '../../../shared/names';
import { ApiError } from '../api/client';
import { send } from '../api/calls';
import { useApi } from '../api/provider';
import type { AuthField } from '../auth/errors';
import { failureTitle, formErrorMessage, formProblems } from '../auth/form-errors';
import { failureOf, type Problems, useAuthStep } from '../auth/use-auth-step';
import { useAuth } from '../auth/session';
import { AuthCard, AuthForm, EmailField, FooterLink, OrDivider } from '../components/auth-card';
import { CodeField } from '../components/code-field';
import { FieldInput, FormField } from '../components/form-field';
import { PageSpinner } from '../components/page-spinner';
import { PasswordRules } from '../components/password-rules';
import { notify } from '../components/toaster';
import { GoogleButton } from '../components/google-button';
import { NameFields } from '../components/name-fields';
import { AgreementCheck } from '../components/agreement-check';
import { useAppConfig } from '../config-context';
import { agreementWords } from '../../../shared/client-agreement';
import { InvitedNote, invitedNames } from './InvitedNote';

type Step = 'form' | 'verify';
type SignUpField = AuthField | 'confirmPassword';

const signUpProblems = (error: unknown): Problems<SignUpField> => formProblems('signUp', error);
const signUpTitle = failureTitle('signUp');
/** A resend's failure concerns no field on the code step. */
const resendProblems = (error: unknown): Problems<SignUpField> => ({ form: formErrorMessage('signUp', error) });

/** The password (shown or hidden, its rules under it) and its confirmation. */
function PasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  problems,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  problems: Problems<SignUpField>;
}) {
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  return (
    <>
      <FormField label="Password" error={problems.password} hint={<PasswordRules password={password} />}>
        <InputGroup
          endElement={
            <Button
              size="xs"
              variant="ghost"
              me="-2"
              onClick={() => setShown((v) => !v)}
              aria-label={shown ? 'Hide password' : 'Show password'}
              aria-pressed={shown}
            >
              {shown ? 'Hide' : 'Show'}
            </Button>
          }
        >
          <FieldInput
            type={type}
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.currentTarget.value)}
          />
        </InputGroup>
      </FormField>
      <FormField label="Confirm password" error={problems.confirmPassword}>
        <FieldInput
          type={type}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirm(e.currentTarget.value)}
        />
      </FormField>
    </>
  );
}

/** The form: names, e-mail, password; `onSent` with the address once Cognito has the sign-up (and wants its code). */
function SignUpForm({
  email,
  setEmail,
  onSent,
  onDone,
  agreed,
  setAgreed,
}: {
  email: string;
  setEmail: (v: string) => void;
  onSent: () => void;
  onDone: () => Promise<void>;
  /** The client agreement's box (config.json's agreement): required when the stage has one. */
  agreed: boolean;
  setAgreed: (v: boolean) => void;
}) {
  const agreement = useAppConfig().agreement;
  const [agreementError, setAgreementError] = useState<string | null>(null);
  const { backend } = useAuth();
  const [params] = useSearchParams();
  const [firstName, setFirstName] = useState(() => invitedNames(params).firstName);
  const [lastName, setLastName] = useState(() => invitedNames(params).lastName);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  /** A name's problem, shown at its field (the words the API and the pre-sign-up trigger answer with). */
  const [nameErrors, setNameErrors] = useState<NameFieldErrors | null>(null);
  const { busy, run, problems, setProblems, edit, fieldProps } = useAuthStep<SignUpField>(signUpProblems);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const badNames = checkNameFields(firstName, lastName);
    const unfit = signUpFieldErrors({ email, password, confirmPassword });
    setNameErrors(badNames);
    setProblems(unfit ?? {});
    const unagreed = agreement !== undefined && !agreed;
    setAgreementError(unagreed ? agreementWords.required : null);
    if (badNames || unfit || unagreed) return;
    await run(async () => {
      const outcome = await backend.signUp({
        email: email.trim(),
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
      });
      if (outcome === 'done') {
        await onDone();
        return 'leaving';
      }
      setEmail(email.trim());
      onSent();
    });
  };

  return (
    <AuthForm
      onSubmit={onSubmit}
      submitText="Create Account"
      busyText="Creating account..."
      busy={busy}
      failure={failureOf(
        { firstName: nameErrors?.firstName ?? undefined, lastName: nameErrors?.lastName ?? undefined, ...problems },
        signUpTitle,
      )}
    >
      <NameFields
        firstName={firstName}
        lastName={lastName}
        setFirstName={setFirstName}
        setLastName={setLastName}
        errors={nameErrors}
        setErrors={setNameErrors}
      />
      <EmailField {...fieldProps('email', email, setEmail)} />
      <PasswordFields
        password={password}
        confirm={confirmPassword}
        onPassword={edit('password', setPassword)}
        onConfirm={edit('confirmPassword', setConfirmPassword)}
        problems={problems}
      />
      <AgreementCheck
        agreement={agreement}
        checked={agreed}
        onChange={(value) => {
          setAgreed(value);
          if (value) setAgreementError(null);
        }}
        error={agreementError}
        disabled={busy}
      />
    </AuthForm>
  );
}

/**
 * The end of a sign-up: a confirmed account that is signed in gets its portfolio, the client
 * agreement its form ticked (`agreedVersion`; none when the form was filled in elsewhere) and the
 * dashboard; one confirmed elsewhere (a link opened in another browser) goes to sign-in. An
 * acceptance that fails is asked again by the dashboard's prompt.
 */
function useFinishSignUp() {
  const { reload } = useAuth();
  const api = useApi();
  const navigate = useNavigate();
  return useCallback(
    async (signedIn: boolean, agreedVersion?: string) => {
      const user = signedIn ? await reload() : null;
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
          notify(
            'error',
            toastTitles.signUpFailed,
            (error instanceof ApiError && error.serverMessage) || errors.generic,
          );
          navigate('/dashboard', { replace: true });
          return;
        }
      }
      if (agreedVersion)
        await send(api, {
          route: 'acceptAgreement',
          params: { uid: user.sub },
          body: { version: agreedVersion },
        }).catch(() => undefined);
      notify('success', successToasts.accountCreated);
      navigate('/dashboard', { replace: true });
    },
    [api, navigate, reload],
  );
}

type Verify = ReturnType<typeof useAuthStep<SignUpField>>;

/** The code step: the code from the e-mail (typed, or from its link), and another code on request. */
function VerifyStep({
  email,
  code,
  setCode,
  verify,
  onVerify,
}: {
  email: string;
  code: string;
  setCode: (v: string) => void;
  verify: Verify;
  onVerify: (e: FormEvent) => void;
}) {
  const { backend } = useAuth();
  const resend = useAuthStep<SignUpField>(resendProblems);
  const onResend = () =>
    resend.run(async () => {
      await backend.resendCode(email);
      notify('success', 'Code sent', `A new verification code was sent to ${email}`);
    });
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
      <AuthForm
        onSubmit={onVerify}
        submitText="Verify"
        busyText="Verifying..."
        busy={verify.busy}
        failure={failureOf({ ...resend.problems, ...verify.problems }, signUpTitle)}
      >
        <CodeField label="Verification code" {...verify.fieldProps('code', code, setCode)} />
      </AuthForm>
      <Button variant="ghost" onClick={() => void onResend()} loading={resend.busy} disabled={verify.busy}>
        Resend code
      </Button>
      <FooterLink prompt="Already confirmed?" to="/" label="Sign in" />
    </AuthCard>
  );
}

export default function SignUp() {
  const { status, backend } = useAuth();
  const [params] = useSearchParams();
  const linkEmail = params.get('email') ?? '';
  const linkCode = params.get('code') ?? '';
  const opensOnVerify = linkEmail !== '' && (linkCode !== '' || params.get('step') === 'confirm');

  const [step, setStep] = useState<Step>(opensOnVerify ? 'verify' : 'form');
  const [email, setEmail] = useState(linkEmail);
  const [code, setCode] = useState(linkCode);
  const verify = useAuthStep<SignUpField>(signUpProblems);
  /** Set while the confirmed account is being signed in and given its portfolio: no redirect meanwhile. */
  const [finishing, setFinishing] = useState(false);
  const finish = useFinishSignUp();
  /** Ticked on this page's form: the version is accepted once the account is confirmed here. */
  const [agreed, setAgreed] = useState(false);
  const currentAgreement = useAppConfig().agreement;
  const agreedVersion = agreed ? currentAgreement?.version : undefined;

  const { run: runVerify, setProblems: setVerifyProblems } = verify;
  const confirm = useCallback(
    async (address: string, confirmationCode: string) => {
      if (confirmationCode.trim() === '') return setVerifyProblems({ code: errors.signUp.codeRequired });
      setFinishing(true);
      const confirmed = await runVerify(async () => {
        const { signedIn } = await backend.confirmSignUp(address, confirmationCode);
        await finish(signedIn, agreedVersion);
        return 'leaving';
      });
      if (!confirmed) setFinishing(false);
    },
    [agreedVersion, backend, finish, runVerify, setVerifyProblems],
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

  if (step === 'verify') {
    const onVerify = (event: FormEvent) => {
      event.preventDefault();
      void confirm(email, code);
    };
    return <VerifyStep email={email} code={code} setCode={setCode} verify={verify} onVerify={onVerify} />;
  }

  const done = async () => {
    setFinishing(true);
    await finish(false, agreedVersion);
  };
  return (
    <AuthCard title="Create Account" subtitle="Join the firm">
      {params.get('invited') === '1' && <InvitedNote />}
      <GoogleButton label="Sign up with Google" failureTitle={toastTitles.signUpFailed} />
      <OrDivider />
      <SignUpForm
        email={email}
        setEmail={setEmail}
        onSent={() => setStep('verify')}
        onDone={done}
        agreed={agreed}
        setAgreed={setAgreed}
      />
      <FooterLink prompt="Already have an account?" to="/" label="Sign in" />
    </AuthCard>
  );
}
