/**
 * The console's pages, under each page's title: the client list, the approvals waiting for a
 * second administrator (with their count), the payouts to send, the activity log, the
 * withdrawal alerts, the invitations to sign up and the new clients' applications waiting for
 * review (with their count).
 */
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useRoute } from '../../api/hooks';
import { Badge } from '../../components/badge';
import { plural } from './words';

const PAGES = [
  { to: '/admin', label: 'Clients' },
  { to: '/admin/approvals', label: 'Approvals' },
  { to: '/admin/payouts', label: 'Payouts' },
  { to: '/admin/activity', label: 'Activity' },
  { to: '/admin/withdrawal-alerts', label: 'Withdrawal Alerts' },
  { to: '/admin/invitations', label: 'Invitations' },
  { to: '/admin/applications', label: 'Applications' },
] as const;

/**
 * The pending actions, as the approvals page reads them (the same key: one read serves both).
 * `fresh`: read again on mounting, as the approvals page does (another administrator may have proposed since).
 */
export function usePendingActions(fresh = false) {
  return useRoute({ route: 'listPendingActions' }, fresh ? { revalidateOnMount: true } : undefined);
}

/** The pending applications, as the applications page reads them (the same key); `fresh` as for the actions. */
export function useApplications(fresh = false) {
  return useRoute({ route: 'listApplications' }, fresh ? { revalidateOnMount: true } : undefined);
}

/** What waits behind a page of the nav, counted beside its name: approvals and applications. */
function waitingAt(to: string, actions: number, applications: number): { count: number; noun: string } | null {
  if (to === '/admin/approvals' && actions > 0) return { count: actions, noun: 'action' };
  if (to === '/admin/applications' && applications > 0) return { count: applications, noun: 'application' };
  return null;
}

export function AdminNav() {
  const { pathname } = useLocation();
  const { data } = usePendingActions();
  const applications = useApplications().data?.applications.length ?? 0;
  const waiting = data?.length ?? 0;
  return (
    <Flex as="nav" aria-label="Administration" gap="2" wrap="wrap">
      {PAGES.map(({ to, label }) => {
        const current = pathname === to;
        const count = waitingAt(to, waiting, applications);
        return (
          <Button key={to} asChild size="sm" variant={current ? 'solid' : 'outline'}>
            <RouterLink to={to} aria-current={current ? 'page' : undefined}>
              {label}
              {count && (
                <>
                  <Badge colorPalette="red" variant="solid" aria-hidden="true">
                    {count.count}
                  </Badge>
                  <Text as="span" srOnly>
                    , {plural(count.count, count.noun)} waiting
                  </Text>
                </>
              )}
            </RouterLink>
          </Button>
        );
      })}
    </Flex>
  );
}
