/** The account page's "Sign out of all devices": Cognito's global sign-out, then sign-in on this device. */
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from 'react-router-dom';
import { successToasts } from '../../../../shared/messages';
import { userPoolDefinition } from '../../../../shared/user-pool';
import { useAuth } from '../../auth/session';
import { useAuthStep } from '../../auth/use-auth-step';
import { pluralize } from '../../format';
import { FormAlert } from '../../components/form-field';
import { SectionCard } from '../../components/section-card';
import { notify } from '../../components/toaster';
import { useAccountBackend } from './account-backend';
import { accountErrorMessage } from './errors';

const sessionsProblems = (error: unknown) => ({ form: accountErrorMessage(error) });

export function SessionsCard() {
  const { signOut } = useAuth();
  const account = useAccountBackend();
  const navigate = useNavigate();
  const { busy, run, problems } = useAuthStep(sessionsProblems);

  const signOutEverywhere = () =>
    run(async () => {
      await account.signOutEverywhere();
      await signOut(); // every refresh token is revoked now, this device's too: forget its tokens
      notify('success', successToasts.signedOutEverywhere);
      navigate('/', { replace: true });
      return 'leaving';
    });

  return (
    <SectionCard title="Sessions">
      <Stack gap="3" align="flex-start">
        <Text>Ends your session on every browser and device where you are signed in, this one included.</Text>
        {/* Cognito revokes the refresh tokens at once; an access token already issued lives out its time. */}
        <Text color="fg.muted" fontSize="sm">
          A page already open elsewhere may keep working for up to{' '}
          {pluralize(userPoolDefinition.accessTokenValidityMinutes, 'minute')}.
        </Text>
        {problems.form && <FormAlert>{problems.form}</FormAlert>}
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => void signOutEverywhere()}
          loading={busy}
          loadingText="Signing out..."
        >
          Sign out of all devices
        </Button>
      </Stack>
    </SectionCard>
  );
}
