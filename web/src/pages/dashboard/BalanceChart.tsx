/**
 * The balance over the chosen range, drawn with recharts (in RangedChart's chunk). Deposits and
 * withdrawals are marked; the tooltip follows the pointer and the keyboard; a
 * summary and a table give the same facts to screen readers. The axes have a few round ticks,
 * each labelled (fewer on a phone).
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { Area, CartesianGrid, ComposedChart, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../../../shared/money';
import { formatDate, pluralize } from '../../format';
import { moneyLabels, moneyTicks, timeLabel, timeTicks } from './chart-ticks';
import { HISTORY_KIND_LABELS, signedMovement } from './history-words';
import type { ChartRow } from './ranges';

/** The history's points are UTC days. */
const day = (t: number) => formatDate(t, 'UTC');

interface Plotted extends ChartRow {
  /** The balance in dollars, as the chart scales it; the markers' heights on deposits and withdrawals. */
  balance: number;
  deposit?: number;
  withdrawal?: number;
}

function ChartTooltip({ active, payload }: { active?: boolean; payload?: { payload: Plotted }[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md" fontSize="sm">
      <Text fontWeight="semibold">{day(row.t)}</Text>
      <Text>Balance {formatUsd(row.balanceCents)}</Text>
      {row.kind !== 'start' && (
        <Text color="fg.muted">
          {HISTORY_KIND_LABELS[row.kind]} {signedMovement(row.amountCents)}
        </Text>
      )}
    </Box>
  );
}

function summaryOf(rows: readonly ChartRow[]): string {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return 'No balance history yet.';
  const deposits = rows.filter((r) => r.kind === 'deposit').length;
  const withdrawals = rows.filter((r) => r.kind === 'withdrawal').length;
  return `Balance from ${formatUsd(first.balanceCents)} on ${day(first.t)} to ${formatUsd(last.balanceCents)} on ${day(last.t)}: ${pluralize(deposits, 'deposit', 'deposits')}, ${pluralize(withdrawals, 'withdrawal', 'withdrawals')}.`;
}

function HistoryTable({ rows }: { rows: readonly ChartRow[] }) {
  return (
    <Box srOnly>
      <table>
        <caption>Balance history</caption>
        <thead>
          <tr>
            <th>Date</th>
            <th>Event</th>
            <th>Amount</th>
            <th>Balance</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) =>
            r.kind === 'start' ? null : (
              <tr key={i}>
                <td>{day(r.t)}</td>
                <td>{HISTORY_KIND_LABELS[r.kind]}</td>
                <td>{signedMovement(r.amountCents)}</td>
                <td>{formatUsd(r.balanceCents)}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </Box>
  );
}

export function BalanceChart({ rows, phone }: { rows: ChartRow[]; phone: boolean }) {
  const plotted: Plotted[] = rows.map((r) => {
    const balance = r.balanceCents / 100;
    return {
      ...r,
      balance,
      ...(r.kind === 'deposit' ? { deposit: balance } : {}),
      ...(r.kind === 'withdrawal' ? { withdrawal: balance } : {}),
    };
  });
  const balances = rows.map((r) => r.balanceCents);
  const yTicks = moneyTicks(Math.min(...balances), Math.max(...balances), phone ? 4 : 5);
  const yLabels = new Map(moneyLabels(yTicks).map((label, i) => [(yTicks[i] as number) / 100, label]));
  const from = rows[0]?.t ?? 0;
  const to = rows.at(-1)?.t ?? 0;
  const xTicks = timeTicks(from, to, phone ? 3 : 5);
  // About 8 px a character at 12 px, and the tick's own 6 px line and gap.
  const yWidth = Math.max(...[...yLabels.values()].map((l) => l.length)) * 8 + 14;
  return (
    <Box as="figure" m="0">
      {/* recharts' accessibility layer makes the chart focusable: arrow keys move the tooltip. */}
      <Box
        height={{ base: '200px', md: '280px' }}
        aria-label="Balance chart: use the arrow keys to move between points"
        role="group"
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={plotted} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--chakra-colors-border)" vertical={false} />
            <XAxis
              dataKey="t"
              type="number"
              domain={[from, to]}
              scale="time"
              ticks={xTicks}
              interval={0}
              tickFormatter={(t: number) => timeLabel(t, to - from)}
              stroke="var(--chakra-colors-fg-muted)"
              fontSize={12}
            />
            <YAxis
              domain={[(yTicks[0] as number) / 100, (yTicks.at(-1) as number) / 100]}
              ticks={yTicks.map((c) => c / 100)}
              interval={0}
              tickFormatter={(v: number) => yLabels.get(v) ?? ''}
              stroke="var(--chakra-colors-fg-muted)"
              fontSize={12}
              width={yWidth}
            />
            <Tooltip content={<ChartTooltip />} />
            <Area
              type="stepAfter"
              dataKey="balance"
              stroke="var(--chakra-colors-yellow-500)"
              fill="var(--chakra-colors-yellow-500)"
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Scatter dataKey="deposit" fill="var(--chakra-colors-green-500)" isAnimationActive={false} />
            <Scatter dataKey="withdrawal" fill="var(--chakra-colors-red-500)" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <Text as="figcaption" fontSize="sm" color="fg.muted" mt="2">
        {summaryOf(rows)}
      </Text>
      <HistoryTable rows={rows} />
    </Box>
  );
}
