import { Stack, Tabs } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useOnlineStatus } from '@/offline/connectivity';
import { useClientErrors } from '../api/get-client-errors';
import { ClientErrorList } from '../components/client-error-list';
import { ServerLogView } from '../components/server-log-view';
import { useServerLog } from '../live/use-server-log';
import type { ServerLogsAddress } from '../server-logs-search';

const route = getRouteApi('/app/debug/server-logs-report');

type LogsTab = 'requests' | 'client-errors';

/**
 * Debug server logs (docs/SCREENS.md 'Server Logs'), the provider's page: the API's requests as they are answered, live
 * only (location and search in the address), and beside them the app's crash reports. The open
 * tab lasts while the page is open; the crash reports load when their tab is first opened.
 */
export default function ServerLogsPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const online = useOnlineStatus();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: ServerLogsAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const log = useServerLog();
  const [tab, setTab] = useState<LogsTab>('requests');
  const errors = useClientErrors(useOpenedOnce(tab === 'client-errors'));
  return (
    <Stack gap={0}>
      <PageHeader title={entry.title} />
      <Tabs value={tab} onChange={(next) => next && setTab(next as LogsTab)}>
        <Tabs.List mb="md" aria-label="Server logs">
          <Tabs.Tab value="requests" mih={44}>
            Requests
          </Tabs.Tab>
          <Tabs.Tab value="client-errors" mih={44}>
            Client errors
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests">
          <ServerLogView log={log} online={online} groups={bootstrap.groups} groupId={search.groupId ?? null} text={search.search ?? ''} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="client-errors">
          <ClientErrorList
            errors={errors.data?.pages.flatMap((page) => page.data) ?? []}
            loading={errors.isPending && errors.fetchStatus !== 'idle'}
            error={errors.error}
            refreshing={errors.isRefetching && !errors.isFetchingNextPage}
            onRefresh={() => void errors.refetch()}
            hasMore={errors.hasNextPage}
            loadingMore={errors.isFetchingNextPage}
            onMore={() => void errors.fetchNextPage()}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
