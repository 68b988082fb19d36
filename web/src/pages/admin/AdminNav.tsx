/**
 * The console's pages, under each page's title: the client list, the approvals waiting for a
 * second administrator (with their count), the payouts to send, the activity log, the
 * withdrawal alerts and the invitations to sign up.
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
] as const;

/**
 * The pending actions, as the approvals page reads them (the same key: one read serves both).
 * `fresh`: read again on mounting, as the approvals page does (another administrator may have proposed since).
 */
export function usePendingActions(fresh = false) {
  return useRoute({ route: 'listPendingActions' }, fresh ? { revalidateOnMount: true } : undefined);
}

export function AdminNav() {
  const { pathname } = useLocation();
  const { data } = usePendingActions();
  const waiting = data?.length ?? 0;
  return (
    <Flex as="nav" aria-label="Administration" gap="2" wrap="wrap">
      {PAGES.map(({ to, label }) => {
        const current = pathname === to;
        return (
          <Button key={to} asChild size="sm" variant={current ? 'solid' : 'outline'}>
            <RouterLink to={to} aria-current={current ? 'page' : undefined}>
              {label}
              {to === '/admin/approvals' && waiting > 0 && (
                <>
                  <Badge colorPalette="red" variant="solid" aria-hidden="true">
                    {waiting}
                  </Badge>
                  <Text as="span" srOnly>
                    , {plural(waiting, 'action')} waiting
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
