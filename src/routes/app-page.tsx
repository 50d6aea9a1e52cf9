import { Alert } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { PageHeader } from '@/components/page-header';
import { allowed } from '@/lib/permissions';
import { useSession } from '@/lib/session-context';
import { pageFor } from './page-components';
import type { AppPath, AppRouteEntry } from './route-table';
import { PagePending } from './workspace-pending';

/** Renders one table entry: its page when allowed, else a no-access notice (only the landing page gets here). */
export function AppPage({ entry }: { entry: AppRouteEntry }) {
  const session = useSession();
  useEffect(() => {
    document.title = `${entry.title} · Lavo`;
  }, [entry.title]);

  if (!allowed(entry, session.role, session.accountType)) {
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
