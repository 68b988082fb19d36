/**
 * Sign-in's code step: the authenticator app's code, after a right password, on the same card. A
 * part of the signed-out pages' chunk (./signed-out-pages), not of the first screen: it shows only
 * after a password Cognito took, when the sign-in code has loaded anyway.
 */
import { Button } from '@chakra-ui/react/button';
import { type FormEvent, useState } from 'react';
import { signInErrors as errors, signInTitles } from '../../../shared/auth-messages';
import { type AuthField, authProblems, totpAttemptEnded, totpCode } from '../auth/errors';
import { useAuth } from '../auth/session';
import { failureOf, useAuthStep } from '../auth/use-auth-step';
import { AuthCard, AuthForm } from '../components/auth-card';
import { CodeField } from '../components/code-field';

const codeProblems = (error: unknown) => authProblems('totp', error);

/** The code step: the authenticator app's code, after a right password; back to the password when Cognito has ended the attempt. */
export function SignInCodeStep({
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
