/**
 * What the dashboard draws from the balance history, in one lazy chunk with recharts: the chart
 * with its ranges and the change over the chosen one, and the history card's lines. Loaded when
 * the chart card shows, which is before the history card can open: the lines come with it. Drawn
 * with Box and Text alone (as the chart always was), so the chunk reaches no more of the first
 * screen's modules than the chart did and the first screen's chunks stay as they are.
 */
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { HistoryPointDto } from '../../../../shared/api';
import { formatSignedPercent, formatUsd } from '../../../../shared/money';
import { formatDate, gainColor } from '../../format';
import { BalanceChart } from './BalanceChart';
import { signedMovement } from './history-words';
import { RANGE_NAMES, RANGE_SPANS, RANGES, type RangeName, type RangeView, rangeView } from './ranges';
import { outlinedSmallButton } from './small-buttons';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../../App';

/** The history card's lines (history-list.tsx), in this chunk. */
export { HistoryList } from './history-list';

/** Chakra's small button, drawn with its style props: pressed is solid, the others outlined; a finger's height on a phone. */
function RangeButton({ range, pressed, onPress }: { range: RangeName; pressed: boolean; onPress: () => void }) {
  return (
    <chakra.button
      type="button"
      aria-pressed={pressed}
      title={RANGE_NAMES[range]}
      onClick={onPress}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="12"
      {...outlinedSmallButton}
      px="3"
      {...(pressed
        ? { bg: 'colorPalette.solid', color: 'colorPalette.contrast', borderColor: 'transparent' }
        : { borderColor: 'border', _hover: { bg: 'colorPalette.subtle' } })}
    >
      {range}
    </chakra.button>
  );
}

/** "+$16,313.58", "-$3.00": the gain signed, as shared/money writes dollars. */
const signedGain = (cents: number) => `${cents >= 0 ? '+' : ''}${formatUsd(cents)}`;

/**
 * "Investment gain over 3 months", "+$1,234.56 (+4.20%)": the growth credited in the range and
 * its time-weighted return (range-gain.ts), never a deposit; under it, the balance's change over
 * the range by kind, which adds up to it.
 */
function RangeChange({ view, range }: { view: RangeView; range: RangeName }) {
  const { gain } = view;
  const span =
    view.since === null && range !== 'All' ? RANGE_SPANS[range] : `since ${formatDate(view.since ?? 0, 'UTC')}`;
  const parts = [
    ['deposits', gain.depositsCents],
    ['withdrawals', gain.withdrawalsCents],
    ['growth', gain.growthCents],
    ['adjustments', gain.adjustmentsCents],
  ] as const;
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        Investment gain {span}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" color={gainColor(gain.growthCents)} data-testid="range-gain">
        {signedGain(gain.growthCents)} ({formatSignedPercent(gain.returnPercent)})
      </Text>
      <Text fontSize="sm" color="fg.muted" data-testid="range-breakdown">
        Balance from {formatUsd(gain.startCents)} to {formatUsd(gain.endCents)}:{' '}
        {parts.map(([name, cents]) => `${name} ${signedMovement(cents)}`).join(', ')}
      </Text>
    </Box>
  );
}

export function RangedChart({ points, phone }: { points: HistoryPointDto[]; phone: boolean }) {
  const [range, setRange] = useState<RangeName>('3M');
  // eslint-disable-next-line react-hooks/purity -- a range ends at this render's moment; each render moves it on
  const view = rangeView(points, range, Date.now());
  return (
    <Box display="flex" flexDirection="column" gap="3">
      <Box display="flex" justifyContent="space-between" alignItems="start" flexWrap="wrap" gap="3">
        <RangeChange view={view} range={range} />
        <Box role="group" aria-label="Chart range" display="flex" gap="1" flexWrap="wrap">
          {RANGES.map((r) => (
            <RangeButton key={r} range={r} pressed={r === range} onPress={() => setRange(r)} />
          ))}
        </Box>
      </Box>
      <BalanceChart rows={view.rows} phone={phone} />
    </Box>
  );
}
