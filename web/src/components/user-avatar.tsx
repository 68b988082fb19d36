/**
 * The signed-in user's avatar: their initial, or their Google picture when it loads. Drawn as
 * Chakra's small subtle avatar looks, without Chakra's Avatar component, whose image-loading state
 * machine (Zag's, with its runtime) was ~5 KB gzip of the dashboard's first load for one circle.
 */
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { useState } from 'react';

export function UserAvatar({ initial, photoUrl }: { initial: string; photoUrl?: string }) {
  // A picture that fails (offline, revoked) leaves the initial, as Chakra's avatar does.
  const [photoFailed, setPhotoFailed] = useState(false);
  const showPhoto = Boolean(photoUrl) && !photoFailed;
  return (
    <Box
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink="0"
      position="relative"
      boxSize="9"
      borderRadius="full"
      bg="yellow.muted"
      color="yellow.fg"
      fontSize="sm"
      fontWeight="medium"
      lineHeight="1"
      userSelect="none"
      aria-hidden="true"
      data-testid="user-avatar"
    >
      {initial}
      {showPhoto && (
        <chakra.img
          src={photoUrl}
          alt=""
          position="absolute"
          inset="0"
          boxSize="full"
          objectFit="cover"
          borderRadius="full"
          onError={() => setPhotoFailed(true)}
        />
      )}
    </Box>
  );
}
