/** The frame every console page shares: the header with the administrator badge, and the console's pages under the title. */
import type { ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { PageShell } from '../../components/page-shell';
import { AdminNav } from './AdminNav';

export function AdminPage({
  title,
  eyebrow,
  subtitle,
  actions,
  children,
}: {
  title: string;
  eyebrow?: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageShell
      eyebrow={eyebrow}
      title={title}
      subtitle={subtitle}
      badge={
        <Badge colorPalette="yellow" variant="solid">
          Administrator
        </Badge>
      }
      actions={actions}
    >
      <AdminNav />
      {children}
    </PageShell>
  );
}
