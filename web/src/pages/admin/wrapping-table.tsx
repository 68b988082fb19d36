/**
 * The console's tables' frame: it scrolls itself only if a word cannot wrap, and keeps the visually
 * hidden labels inside it (position: relative, or they widen the page). Chakra's scroll area sets
 * nowrap; the console's columns wrap instead, so at a laptop's width nothing scrolls.
 */
import { Table } from '@chakra-ui/react/table';
import type { ComponentProps } from 'react';

export function WrappingTableArea(props: ComponentProps<typeof Table.ScrollArea>) {
  return (
    <Table.ScrollArea
      overflowX="auto"
      maxW="full"
      position="relative"
      whiteSpace="normal"
      borderWidth="1px"
      rounded="md"
      bg="bg.panel"
      {...props}
    />
  );
}
