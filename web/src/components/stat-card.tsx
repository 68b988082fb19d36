/** A card with one figure: its label, the figure, and a line or two about it (Chakra's Stat). */
import { Card } from '@chakra-ui/react/card';
import { Stat } from '@chakra-ui/react/stat';
import { statSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';

/** A line under the figure. A `dd`, so the card stays a valid description list. */
export function StatLine({
  color,
  testId,
  emphasis,
  children,
}: {
  color?: string;
  testId?: string;
  emphasis?: boolean;
  children: ReactNode;
}) {
  return (
    <Stat.HelpText
      as="dd"
      color={color}
      data-testid={testId}
      {...(emphasis ? { textStyle: 'md', fontWeight: 'semibold' } : {})}
    >
      {children}
    </Stat.HelpText>
  );
}

export function StatCard({
  label,
  value,
  hint,
  valueColor,
  valueTestId,
  size = 'md',
  children,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  valueColor?: string;
  valueTestId?: string;
  /** 'lg' for the figure a page is about (the client's balance). */
  size?: 'md' | 'lg';
  /** Further `StatLine`s after the hint. */
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root recipe={statSlotRecipe} size={size} gap={size === 'lg' ? '2' : '1'}>
          <Stat.Label fontWeight="medium">{label}</Stat.Label>
          <Stat.ValueText
            fontWeight="bold"
            color={valueColor}
            data-testid={valueTestId}
            {...(size === 'lg' ? { fontSize: { base: '3xl', md: '4xl' } } : {})}
          >
            {value}
          </Stat.ValueText>
          {hint !== undefined && <StatLine>{hint}</StatLine>}
          {children}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
