/**
 * /admin/clients/:id: one client in one read (GET /api/admin/clients/{id}), a closed one's too:
 * who, where the account stands, the balance, the payout account, the ledger with its running
 * balance, the withdrawal requests with their steps, the client's documents (ClientDocuments.tsx)
 * and the newest of the client's activity, with the way on to the whole activity log. Read again
 * each time the page opens: another administrator may have moved money since.
 */
import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ClientPageDto } from '../../../../shared/api';
import { ApiError } from '../../api/client';
import { errorText, useRoute } from '../../api/hooks';
import { EmptyState, LoadFailed } from '../../components/load-states';
import { PageSpinner } from '../../components/page-spinner';
import { ActivityTable } from './ActivityTable';
import { AdminPage } from './AdminPage';
import { ClientDocuments } from './ClientDocuments';
import { ClientLedger, ledgerRows } from './ClientLedger';
import { ClientRequests } from './ClientRequests';
import { AgreementLine, ClientMoney, ClientSection, ClientStatusLine, PayoutAccount } from './ClientSummary';
import { clientName } from './words';

/** The page's title until the client is known. */
const UNKNOWN = 'Client';

function BackLink() {
  return (
    // In the page rather than the header's actions, which a phone folds into its menu.
    <Button asChild size="sm" variant="outline" alignSelf="flex-start">
      <RouterLink to="/admin">Back to clients</RouterLink>
    </Button>
  );
}

function ClientActivity({ id, activity }: { id: string; activity: ClientPageDto['activity'] }) {
  return (
    <ClientSection id="client-activity" title="Activity">
      {activity.entries.length === 0 ? (
        <EmptyState title="No activity yet" hint="Administrative acts on this client appear here" />
      ) : (
        <ActivityTable entries={activity.entries} busy={false} />
      )}
      {/* Always: the log's page has the filters and the export, and reads on past the newest entries. */}
      <Link asChild alignSelf="flex-start" variant="underline" fontWeight="medium">
        <RouterLink to={`/admin/activity?client=${encodeURIComponent(id)}`}>
          {activity.nextCursor ? 'More activity' : 'Open in the activity log'}
        </RouterLink>
      </Link>
    </ClientSection>
  );
}

function ClientView({ page }: { page: ClientPageDto }) {
  const { client } = page;
  const name = clientName(client);
  const rows = ledgerRows(page);
  return (
    <AdminPage title={name} subtitle={name === client.email ? undefined : client.email}>
      <BackLink />
      <ClientStatusLine client={client} />
      <AgreementLine agreement={page.agreement} />
      <ClientMoney portfolio={page.portfolio} />
      <PayoutAccount account={page.payoutAccount} />
      {/* The requests before the ledger: an administrator comes here from a request or an approval, and a ledger runs long. */}
      <ClientSection id="client-requests" title="Withdrawal requests">
        {page.requests.length === 0 ? (
          <EmptyState title="No withdrawal requests" />
        ) : (
          <ClientRequests requests={page.requests} />
        )}
      </ClientSection>
      <ClientSection id="client-ledger" title="Ledger">
        {rows.length === 0 ? (
          <EmptyState title="No transactions yet" hint="Deposits, withdrawals and weekly growth appear here" />
        ) : (
          <ClientLedger rows={rows} />
        )}
      </ClientSection>
      <ClientDocuments clientId={client.id} />
      <ClientActivity id={client.id} activity={page.activity} />
    </AdminPage>
  );
}

/** Why the page shows no client: none has this id, or the read failed (then it may be tried again). */
function Missing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404)
    return (
      <AdminPage title="No such client" subtitle={`${errorText(error, 'Client not found')}: check the address.`}>
        <BackLink />
      </AdminPage>
    );
  return (
    <AdminPage title={UNKNOWN}>
      <BackLink />
      <LoadFailed message={errorText(error, 'Failed to load the client')} onRetry={onRetry} />
    </AdminPage>
  );
}

export default function ClientPage() {
  const { id = '' } = useParams();
  const { data, error, mutate } = useRoute({ route: 'getClient', params: { id } }, { revalidateOnMount: true });
  if (data) return <ClientView page={data} />;
  if (error) return <Missing error={error} onRetry={() => void mutate()} />;
  return (
    <AdminPage title={UNKNOWN}>
      <PageSpinner label="Loading client..." />
    </AdminPage>
  );
}
