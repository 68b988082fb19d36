/**
 * /admin/payouts: the approved withdrawals still to pay, oldest approval first, each with where it
 * goes (masked), and the file the firm's bank takes for them (the whole account numbers: the
 * server logs each download). Marking one sent, with the bank's reference, takes it off the list.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useRef, useState } from 'react';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { useCsvDownload } from '../../components/statement-download';
import { formatDate, usd, utcDateInput } from '../../format';
import { AdminPage } from './AdminPage';
import { ClientTitle } from './common';
import { DestinationLine } from './destination-facts';
import { MarkSentDialog } from './MarkSentDialog';
import { ago, plural } from './words';

/** The payouts' file for the bank, as the server writes it. */
function BankFileButton() {
  const csv = useCsvDownload('Failed to download the payouts file');
  return (
    <Stack gap="1" align={{ base: 'stretch', sm: 'flex-end' }}>
      <Button
        size="sm"
        variant="outline"
        loading={csv.busy}
        loadingText="Downloading..."
        onClick={() =>
          void csv.download({ route: 'exportUnsentPayouts' }, `aurum-payouts-to-send-${utcDateInput()}.csv`)
        }
      >
        Download CSV for the bank
      </Button>
      <Text fontSize="xs" color="fg.muted">
        The file holds the whole account numbers: each download is logged.
      </Text>
    </Stack>
  );
}

function PayoutRow({ request: r, onMark }: { request: WithdrawalRequestDto; onMark: () => void }) {
  const approved = r.decidedAt ? `Approved ${formatDate(r.decidedAt)} (${ago(r.decidedAt)})` : null;
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="lg" p="4" aria-label={`Payout to ${r.userEmail}`}>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <ClientTitle email={r.userEmail} clientId={r.userId} lines={[approved, r.decidedBy && `by ${r.decidedBy}`]} />
        <HStack gap="3" wrap="wrap">
          <Text fontWeight="bold">{usd(r.amount)}</Text>
          <Button size="xs" colorPalette="yellow" onClick={onMark}>
            Mark sent
          </Button>
        </HStack>
      </Flex>
      <DestinationLine destination={r.destination} />
    </Stack>
  );
}

/** The mark dialog of one payout; `open` false while it animates out. */
interface Marking {
  request: WithdrawalRequestDto;
  open: boolean;
  key: number;
}

export default function PayoutsPage() {
  const { data, error, mutate } = useRoute(
    { route: 'listPendingWithdrawalRequests', query: { status: 'approved' } },
    { revalidateOnMount: true },
  );
  const [marking, setMarking] = useState<Marking | null>(null);
  const opened = useRef(0);
  const sent = (done: WithdrawalRequestDto) =>
    void mutate((list) => list?.filter((r) => r.id !== done.id), { revalidate: false });
  let list;
  if (error && !data) list = <LoadFailed message="Failed to load the payouts to send" onRetry={() => void mutate()} />;
  else if (!data) list = <LoadingLine label="Loading payouts to send..." />;
  else if (data.length === 0)
    list = <EmptyState title="No payouts to send" hint="Approved withdrawals wait here until they are marked sent" />;
  else
    list = (
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Payouts to send">
        {data.map((r) => (
          <PayoutRow
            key={r.id}
            request={r}
            onMark={() => setMarking({ request: r, open: true, key: ++opened.current })}
          />
        ))}
      </Stack>
    );
  return (
    <AdminPage title="Payouts to send" subtitle="Approved withdrawals waiting to be paid, oldest approval first">
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'flex-start' }}>
        <Text color="fg.muted">{data ? `${plural(data.length, 'payout')} to send` : ''}</Text>
        <BankFileButton />
      </Flex>
      {list}
      {marking && (
        <MarkSentDialog
          key={marking.key}
          request={marking.request}
          open={marking.open}
          onClose={() => setMarking((m) => m && { ...m, open: false })}
          onSent={sent}
          onGone={() => void mutate()}
        />
      )}
    </AdminPage>
  );
}
