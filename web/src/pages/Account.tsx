/**
 * `/account`: the signed-in user's names, payout account, password, two-factor sign-in, passkeys,
 * e-mail notifications and sessions.
 * A lazy chunk of its own, as is the QR code library inside it (loaded only to set up an app).
 * Built from the app's own Chakra pieces rather than @aws-amplify/ui-react: its account
 * components would add ~116 KB gzip and a second look to restyle, for four small forms.
 */
import { Alert } from '@chakra-ui/react/alert';
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { apiMessages } from '../../../shared/messages';
import { swrDefaults } from '../api/hooks';
import { type User, useAuth } from '../auth/session';
import { PageShell } from '../components/page-shell';
import { PageSpinner } from '../components/page-spinner';
import { SectionCard } from '../components/section-card';
import { useAccountBackend } from './account/account-backend';
import { EmailPreferencesCard } from './account/EmailPreferencesCard';
import { accountReasonOf } from './account/notice';
import { PasskeysCard } from './account/PasskeysCard';
import { PasswordCard } from './account/PasswordCard';
import { PayoutAccountCard } from './account/PayoutAccountCard';
import { ProfileCard } from './account/ProfileCard';
import { SessionsCard } from './account/SessionsCard';
import { TwoFactorCard } from './account/TwoFactorCard';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

/** Back to where the user works: the dashboard, and the admin console for administrators. */
function HeaderLinks({ user }: { user: User }) {
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/dashboard">Dashboard</RouterLink>
      </Button>
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/documents">Documents</RouterLink>
      </Button>
      {user.isAdmin && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/admin">Admin</RouterLink>
        </Button>
      )}
    </>
  );
}

/**
 * Why an administrator was sent here from the admin console. (Once two-factor is on every session
 * ends, so the way back is a sign-in with a code, not a link from here.)
 */
function TwoFactorRequiredNotice({ federated }: { federated: boolean }) {
  return (
    <Alert.Root recipe={alertSlotRecipe} status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Two-factor sign-in required</Alert.Title>
        <Alert.Description>
          {apiMessages.twoFactorRequired}.{' '}
          {federated
            ? "An account that signs in with Google uses Google's own 2-Step Verification as its second factor: sign out, then sign in again with Google."
            : 'Set it up below with an authenticator app.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Why an administrator was sent here from the admin console where the stage requires a passkey
 * sign-in for it: add a passkey below, or use one already there, by signing in with it.
 */
function PasskeyRequiredNotice({ federated }: { federated: boolean }) {
  return (
    <Alert.Root recipe={alertSlotRecipe} status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Passkey sign-in required</Alert.Title>
        <Alert.Description>
          {apiMessages.passkeyRequired}{' '}
          {federated
            ? 'An account that signs in with Google cannot hold a passkey here: ask another administrator for help.'
            : 'Your passkeys are listed below; with one already there, sign out and sign in with it.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** In place of the password and two-factor cards for a user whose sign-in another provider runs. */
function ManagedSignInCard({ provider }: { provider: string }) {
  return (
    <SectionCard title="Sign-in">
      <Stack gap="2">
        <Text>Your sign-in is managed by {provider}.</Text>
        <Text color="fg.muted" fontSize="sm">
          You sign in with your {provider} account, so there is no password or two-factor setting to change here. Change
          them in your {provider} account.
        </Text>
      </Stack>
    </SectionCard>
  );
}

/**
 * A link to one card (/account#payout-account, from the dashboard) lands on it: the browser looks
 * for the id before this lazy page has drawn it, so the page scrolls there itself once it has.
 */
function useScrollToHash(hash: string) {
  useEffect(() => {
    if (hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}

function AccountPage({ user }: { user: User }) {
  const account = useAccountBackend();
  const location = useLocation();
  const state: unknown = location.state;
  useScrollToHash(location.hash);
  const reason = accountReasonOf(state);
  const provider = user.signInProvider;
  // Cached per user for the visit; the two-factor card writes the new status in after a change.
  const mfa = useSWR(provider ? null : `auth:mfa:${user.sub}`, () => account.mfaStatus(), swrDefaults);

  return (
    <PageShell title="Account" subtitle={user.email} actions={<HeaderLinks user={user} />} accountLink={false}>
      {reason === 'twoFactorRequired' && <TwoFactorRequiredNotice federated={provider !== null} />}
      {reason === 'passkeyRequired' && <PasskeyRequiredNotice federated={provider !== null} />}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <ProfileCard user={user} />
        <PayoutAccountCard user={user} twoFactor={mfa.data?.totp} />
        {provider ? <ManagedSignInCard provider={provider} /> : <PasswordCard user={user} />}
        {!provider && <TwoFactorCard user={user} status={mfa} />}
        {!provider && <PasskeysCard user={user} />}
        <EmailPreferencesCard user={user} />
        <SessionsCard />
      </SimpleGrid>
    </PageShell>
  );
}

export default function Account() {
  const { user } = useAuth();
  if (!user) return <PageSpinner label="Loading your account..." />;
  return <AccountPage user={user} />;
}
