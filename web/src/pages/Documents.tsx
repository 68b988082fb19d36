/**
 * `/documents`: the client's statements and confirmations, as PDF files to download. A lazy
 * chunk of its own.
 */
import { Button } from '@chakra-ui/react/button';
import { Link as RouterLink } from 'react-router-dom';
import { type User, useAuth } from '../auth/session';
import { PageShell } from '../components/page-shell';
import { PageSpinner } from '../components/page-spinner';
import { SectionCard } from '../components/section-card';
import { DocumentList } from './documents/DocumentList';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

/** Back to where the user works: the dashboard, and the admin console for administrators. */
function HeaderLinks({ user }: { user: User }) {
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/dashboard">Dashboard</RouterLink>
      </Button>
      {user.isAdmin && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/admin">Admin</RouterLink>
        </Button>
      )}
    </>
  );
}

export default function Documents() {
  const { user } = useAuth();
  if (!user) return <PageSpinner label="Loading your account..." />;
  return (
    <PageShell
      title="Documents"
      subtitle="Your statements and confirmations, as PDF files."
      actions={<HeaderLinks user={user} />}
    >
      <SectionCard title="Your documents">
        <DocumentList
          uid={user.sub}
          emptyHint="Your statement arrives early each month, for the month before, once your account has activity."
        />
      </SectionCard>
    </PageShell>
  );
}
