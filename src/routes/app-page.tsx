import { Alert } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { PageHeader } from '@/components/page-header';
import { allowed } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import { pageFor } from './page-components';
import { type AppPath, type AppRouteEntry, landingPath } from './route-table';
import { PagePending } from './workspace-pending';

/**
 * Renders one table entry: its page when allowed. Otherwise the role changed while the page was
 * open (a template edited by an administrator, read again): to the landing page; and on the landing
 * page itself, a no-access notice.
 */
export function AppPage({ entry }: { entry: AppRouteEntry }) {
  const session = useSession();
  useEffect(() => {
    document.title = `${entry.title} · Lavo`;
  }, [entry.title]);

  if (!allowed(entry, session.role, session.accountType, session.user.isEmployee)) {
    const landing = landingPath(session.role, session.accountType);
    if (entry.path !== landing) return <Navigate to={landing} replace />;
    return (
      <>
        <PageHeader title={entry.title} />
        <Alert color="gray" variant="light" title="No access">
          Your role does not include any page of this console yet. Ask your administrator for access.
        </Alert>
      </>
    );
  }
  const Page = pageFor(entry.path as AppPath);
  return (
    <Suspense fallback={<PagePending title={entry.title} />}>
      <Page entry={entry} />
    </Suspense>
  );
}
