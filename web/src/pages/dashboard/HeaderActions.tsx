/**
 * The dashboard's own part of the header: who is signed in, the Documents link, the Admin link for
 * admins, Refresh.
 * In the header's row on a wide screen; at the top of the menu on a phone, where the avatar is
 * the menu's button.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '../../auth/session';
import { UserAvatar } from '../../components/user-avatar';

function RefreshIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M21 12a9 9 0 1 1-3-6.7" strokeLinecap="round" />
      <path d="M21 3v6h-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Avatar({ user }: { user: User }) {
  const initial = (user.firstName || user.email).charAt(0).toUpperCase();
  return <UserAvatar initial={initial} photoUrl={user.photoURL ?? undefined} />;
}

export function HeaderActions({
  user,
  phone,
  refreshing,
  onRefresh,
}: {
  user: User;
  phone: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <>
      <HStack gap="2" minW="0">
        {!phone && <Avatar user={user} />}
        <Box minW="0">
          <Text fontWeight="semibold" fontSize="sm" truncate>
            {user.displayName || user.email}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {user.email}
          </Text>
        </Box>
      </HStack>
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/documents">Documents</RouterLink>
      </Button>
      {user.isAdmin && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/admin">Admin</RouterLink>
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onRefresh} loading={refreshing}>
        <RefreshIcon />
        Refresh
      </Button>
    </>
  );
}
