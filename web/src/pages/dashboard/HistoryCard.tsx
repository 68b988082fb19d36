/** 'Transaction History': collapsed at first; the first opening loads it. */
import { Button } from '@chakra-ui/react/button';
import { SectionCard } from '../../components/section-card';
import { TransactionHistory } from '../../components/transaction-list';

export function HistoryCard({ userId, open, onToggle }: { userId: string; open: boolean; onToggle: () => void }) {
  return (
    <SectionCard
      title="Transaction History"
      bodyId="transaction-history"
      action={
        <Button size="sm" variant="outline" onClick={onToggle} aria-expanded={open} aria-controls="transaction-history">
          {open ? 'Hide' : 'Show'}
        </Button>
      }
    >
      {open && <TransactionHistory call={{ route: 'listTransactions', params: { uid: userId } }} audience="client" />}
    </SectionCard>
  );
}
