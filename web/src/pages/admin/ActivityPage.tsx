/**
 * /admin/activity: every administrative act the log keeps, newest first, filtered by
 * administrator, client (by name or e-mail, matched by the server, page by page of the log), kind and
 * period (the filters live in the address, so a client row's "Activity" link opens the page
 * filtered by that client), with more on request and a CSV export.
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, LoadFailed, LoadingLine } from '../../components/load-states';
import { useActivityLog } from './activity-pages';
import { type ActivityFilters, filtersFrom, givenFilters } from './activity-query';
import { ActivityFilterForm } from './ActivityFilterForm';
import { ActivityTable } from './ActivityTable';
import { AdminPage } from './AdminPage';
import { ExportActivityButton } from './ExportActivityButton';
import { LogVerification } from './LogVerification';
import { plural } from './words';

/** Whose entries are shown: the one client a link named, or those a search found. */
const forWhom = (clientEmail: string | undefined, search: string) =>
  clientEmail ? ` for ${clientEmail}` : search ? ` for clients matching "${search}"` : '';

export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFrom(new URLSearchParams(query)), [query]);
  const log = useActivityLog(filters);
  const apply = (next: ActivityFilters) => setParams(givenFilters(next));
  const clientEmail = filters.client ? log.entries.find((e) => e.clientId === filters.client)?.clientEmail : undefined;

  let body;
  if (log.error && log.entries.length === 0) body = <LoadFailed message={log.error} onRetry={log.retry} />;
  else if (log.loading && log.entries.length === 0) body = <LoadingLine label="Loading activity..." />;
  // A page may come back empty with more of the log still to search: that is not "nothing matches".
  else if (log.entries.length === 0 && log.nextCursor)
    body = <EmptyState title="Nothing found yet in the entries searched" hint="Load more to search older entries" />;
  else if (log.entries.length === 0) body = <EmptyState title="No activity matches these filters" />;
  else body = <ActivityTable entries={log.entries} busy={log.loading} />;

  return (
    <AdminPage title="Activity" subtitle="Every administrative act, newest first">
      <LogVerification verification={log.verification} />
      {/* A new address is a new set of filters: the form starts from it. */}
      <ActivityFilterForm key={query} applied={filters} clientEmail={clientEmail} onApply={apply} />
      <Flex gap="3" justify="space-between" align="center" wrap="wrap">
        <Text color="fg.muted" aria-live="polite">
          {log.entries.length > 0
            ? `Showing ${plural(log.entries.length, 'entry', 'entries')}${forWhom(clientEmail, filters.clientSearch)}`
            : ''}
        </Text>
        <ExportActivityButton filters={filters} />
      </Flex>
      <Stack gap="3">
        {body}
        {log.error && log.entries.length > 0 && <LoadFailed message={log.error} onRetry={log.retry} />}
        {log.nextCursor && !log.error && (
          <Button
            alignSelf="center"
            size="sm"
            variant="outline"
            onClick={log.loadMore}
            loading={log.loading}
            loadingText="Loading..."
          >
            Load more
          </Button>
        )}
      </Stack>
    </AdminPage>
  );
}
