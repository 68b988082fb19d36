/**
 * Approving a client's withdrawal request, after a look at what it does: the client's balance,
 * the profit eligible for withdrawal, how long the request has waited, and where the money goes
 * (the payout account the request recorded, and how long before the request it was set). Above
 * the four-eyes threshold the approval itself waits for a second administrator. In the payouts'
 * lazy part (payout-parts.ts), loaded as an administrator reaches for Approve.
 */
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { dollarsToCents, formatUsd } from '../../../../shared/money';
import type { PendingActionDto } from '../../api/admin-types';
import { useRoute } from '../../api/hooks';
import { notify } from '../../components/toaster';
import { formatDate, usd } from '../../format';
import { AdminDialog, Facts } from './AdminDialog';
import { approveButtonColors } from './buttons';
import { useDialogAction } from './dialog-action';
import { isProposed } from './money-move';
import { ProposedNotice } from './MoveSteps';
import { destinationFacts, NoDestinationWarning } from './destination-facts';
import { ago } from './words';

const approveFailed = 'Failed to approve withdrawal';

/** The client's balance and eligible profit, as the server has them now. */
function useClientFigures(userId: string) {
  const portfolio = useRoute({ route: 'getPortfolio', params: { userId } });
  const eligibility = useRoute({ route: 'getEligibility', params: { uid: userId } });
  const balance = portfolio.data?.portfolio.balance;
  const eligible = eligibility.data?.data.totalEligibleProfit;
  const failed = Boolean(portfolio.error || eligibility.error);
  return { balance, eligible, failed };
}

const figure = (dollars: number | undefined, failed: boolean) =>
  dollars !== undefined ? usd(dollars) : failed ? 'Could not be read' : 'Loading...';

export function ApproveRequestDialog({
  request,
  open,
  onClose,
  onApproved,
  onProposed,
}: {
  request: WithdrawalRequestDto;
  open: boolean;
  onClose: () => void;
  onApproved: (request: WithdrawalRequestDto, newBalance: number) => void;
  onProposed: (action: PendingActionDto) => void;
}) {
  const { balance, eligible, failed } = useClientFigures(request.userId);
  const [sent, setSent] = useState<PendingActionDto | null>(null);
  const approval = useDialogAction(
    (send) => send({ route: 'approveWithdrawalRequest', params: { id: request.id } }),
    approveFailed,
  );
  const confirm = async () => {
    const answer = await approval.run();
    if (!answer) return;
    if (isProposed(answer)) {
      setSent(answer.action);
      onProposed(answer.action);
      return;
    }
    onApproved(request, answer.newBalance);
    notify('success', 'Withdrawal approved');
    onClose();
  };
  const after = balance === undefined ? undefined : formatUsd(dollarsToCents(balance) - dollarsToCents(request.amount));
  const footer = sent ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <>
      <Button variant="outline" onClick={onClose} disabled={approval.busy}>
        Cancel
      </Button>
      <Button {...approveButtonColors} onClick={() => void confirm()} loading={approval.busy}>
        Confirm approval
      </Button>
    </>
  );
  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      title="Approve withdrawal request"
      busy={approval.busy}
      error={approval.error}
      footer={footer}
    >
      {sent ? (
        <ProposedNotice action={sent} balance={balance} />
      ) : (
        <>
          <Facts
            items={[
              ['Client', request.userEmail],
              ['Amount', usd(request.amount)],
              ['Requested', `${formatDate(request.createdAt)} (${ago(request.createdAt)})`],
              ["Client's balance", figure(balance, failed)],
              ['Eligible profit', figure(eligible, failed)],
              ['Balance after', after === undefined ? '—' : `${after} (estimate)`],
              ...destinationFacts(request),
            ]}
          />
          {!request.destination && <NoDestinationWarning />}
          {eligible !== undefined && dollarsToCents(request.amount) > dollarsToCents(eligible) && (
            <Text fontSize="sm" color="red.fg">
              This is more than the eligible profit: the server will refuse it unless more profit has become eligible.
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            The server checks the balance and the eligible profit again when it records the withdrawal.
          </Text>
        </>
      )}
    </AdminDialog>
  );
}
