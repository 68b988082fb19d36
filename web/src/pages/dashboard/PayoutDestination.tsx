/**
 * Where a withdrawal is paid, said where the client asks for one (in the withdrawal flows' chunk:
 * withdrawal-flows.ts): the payout account, masked; with none, the server's words and the way to
 * add one; while a changed account's cooling-off runs, from when it can be paid to.
 */
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from 'react-router-dom';
import type { MaskedPayoutAccountDto } from '../../../../shared/api';
import { useRoute } from '../../api/hooks';
import { formatDateTime } from '../../format';
import { type PayoutBlock, payoutBlock } from '../../payout-block';
import { PAYOUT_ACCOUNT_PATH, payoutDestination, payoutMessages } from '../../payout-words';

/** The client's payout account, read once and shared by the card and the dialog (SWR's cache). */
export const usePayoutAccount = (userId: string) => useRoute({ route: 'getPayoutAccount', params: { uid: userId } });

/** The link to the payout card, named for what the client does there: add one, or see when theirs can be used. */
export function PayoutAccountLink({ kind }: { kind: PayoutBlock['kind'] }) {
  return (
    <Link asChild color="fg" textDecoration="underline" fontWeight="medium">
      <RouterLink to={PAYOUT_ACCOUNT_PATH}>
        {kind === 'none' ? 'Add a payout account' : 'View your payout account'}
      </RouterLink>
    </Link>
  );
}

/** The words of a block, and the link to the payout card. */
export function PayoutBlockNote({ block }: { block: PayoutBlock }) {
  return (
    <Stack gap="1" align="flex-start" fontSize="sm" data-testid="payout-block">
      <Text>
        {block.kind === 'none' ? payoutMessages.none : payoutMessages.coolingOff(formatDateTime(block.usableFrom))}
      </Text>
      <PayoutAccountLink kind={block.kind} />
    </Stack>
  );
}

export function PaidTo({ account }: { account: MaskedPayoutAccountDto }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="paid-to">
      Paid to: {payoutDestination(account)}
    </Text>
  );
}

/** Under the request button: where a request is paid, or why none can be yet and the way to the payout card. */
export function PayoutNote({ userId }: { userId: string }) {
  const account = usePayoutAccount(userId).data?.account;
  const block = payoutBlock(account);
  if (block) return <PayoutBlockNote block={block} />;
  return account ? <PaidTo account={account} /> : null;
}
