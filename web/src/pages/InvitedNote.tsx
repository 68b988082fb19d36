/**
 * Sign-up's word to someone who opened an invitation's link (`?invited=1`): who invited them and
 * what is left to do. The link gives no power: the server finds the invitation by the address
 * the account confirms, so this note is only a welcome.
 */
import { Text } from '@chakra-ui/react/text';
import { useAppConfig } from '../config-context';

/** The firm's name where the stage gives none. */
const FIRM = 'Aurum';

export function InvitedNote() {
  const { firm } = useAppConfig();
  return (
    <Text color="fg.muted" textAlign="center" data-testid="invited-note">
      You were invited by {firm?.legalName ?? FIRM}. Choose a password to open your account.
    </Text>
  );
}

/** The names an invitation's link fills the form with (`?first=&last=`), empty when it gives none. */
export function invitedNames(params: URLSearchParams): { firstName: string; lastName: string } {
  return { firstName: params.get('first') ?? '', lastName: params.get('last') ?? '' };
}
