/**
 * The balance over time (a lazy chunk: recharts loads only when the dashboard shows it).
 * Deposits and withdrawals are marked; the tooltip follows the pointer and the keyboard; a
 * summary and a table give the same facts to screen readers.
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { Area, CartesianGrid, ComposedChart, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import type { HistoryPointDto } from '../../../../shared/api';
import { formatDate, movementUsd, usd, wholeUsd } from '../../format';

/** The history's points are UTC days. */
const day = (t: number) => formatDate(t, 'UTC');
const KIND: Record<HistoryPointDto['kind'], string> = { deposit: 'Deposit', withdrawal: 'Withdrawal', adjustment: 'Adjustment', growth: 'Weekly growth' };

interface Row {
  t: number;
  balance: number;
  kind: HistoryPointDto['kind'];
  amount: number;
  deposit?: number;
  withdrawal?: number;
}

function ChartTooltip({ active, payload }: { active?: boolean; payload?: { payload: Row }[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md" fontSize="sm">
      <Text fontWeight="semibold">{day(row.t)}</Text>
      <Text>Balance {usd(row.balance)}</Text>
      <Text color="fg.muted">
        {KIND[row.kind]} {movementUsd(row.amount)}
      </Text>
    </Box>
  );
}

export default function BalanceChart({ points }: { points: HistoryPointDto[] }) {
  const rows: Row[] = points.map((p) => ({
    t: Date.parse(p.at),
    balance: p.balance,
    kind: p.kind,
    amount: p.amount,
    ...(p.kind === 'deposit' ? { deposit: p.balance } : {}),
    ...(p.kind === 'withdrawal' ? { withdrawal: p.balance } : {}),
  }));
  const first = rows[0];
  const last = rows.at(-1);
  const summary =
    first && last
      ? `Balance from ${usd(first.balance)} on ${day(first.t)} to ${usd(last.balance)} on ${day(last.t)}: ${rows.filter((r) => r.kind === 'deposit').length} deposits, ${rows.filter((r) => r.kind === 'withdrawal').length} withdrawals.`
      : 'No balance history yet.';
  return (
    <Box as="figure" m="0">
      {/* recharts' accessibility layer makes the chart focusable: arrow keys move the tooltip. */}
      <Box height={{ base: '220px', md: '280px' }} aria-label="Balance chart: use the arrow keys to move between points" role="group">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--chakra-colors-border)" />
            <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} scale="time" tickFormatter={(t: number) => day(t)} stroke="var(--chakra-colors-fg-muted)" fontSize={12} minTickGap={40} />
            <YAxis tickFormatter={wholeUsd} stroke="var(--chakra-colors-fg-muted)" fontSize={12} width={84} />
            <Tooltip content={<ChartTooltip />} />
            <Area type="stepAfter" dataKey="balance" stroke="var(--chakra-colors-yellow-500)" fill="var(--chakra-colors-yellow-500)" fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
            <Scatter dataKey="deposit" fill="var(--chakra-colors-green-500)" isAnimationActive={false} />
            <Scatter dataKey="withdrawal" fill="var(--chakra-colors-red-500)" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <Text as="figcaption" fontSize="sm" color="fg.muted" mt="2">
        {summary}
      </Text>
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
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{day(r.t)}</td>
                <td>{KIND[r.kind]}</td>
                <td>{usd(r.amount)}</td>
                <td>{usd(r.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
