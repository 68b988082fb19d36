/**
 * Loading placeholders shaped like what they stand for (a figure, a line, a button, a chart), so
 * the page keeps its layout while its data arrives instead of a spinner that jumps to it. Drawn
 * with boxes rather than Chakra's Skeleton, whose recipe would join the first screen's system.
 */
import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';

/** One grey shape, pulsing unless the reader asked for less motion. */
export function Bone(props: BoxProps) {
  return (
    <Box
      h="4"
      w="full"
      bg="bg.emphasized"
      rounded="sm"
      animation="pulse"
      _motionReduce={{ animation: 'none' }}
      aria-hidden="true"
      {...props}
    />
  );
}

/** Shapes standing for content that is loading; `label` says what, to screen readers. */
export function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="status" aria-live="polite">
      <Box srOnly>{label}</Box>
      {children}
    </Box>
  );
}

/** A list loading: `count` boxes of a list line's height. */
export function LoadingLines({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <Loading label={label}>
      <Stack gap="2">
        {Array.from({ length: count }, (_, i) => (
          <Bone key={i} h="16" rounded="md" />
        ))}
      </Stack>
    </Loading>
  );
}
