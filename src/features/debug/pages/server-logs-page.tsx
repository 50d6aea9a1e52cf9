import { getRouteApi } from '@tanstack/react-router';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { ServerLogView } from '../components/server-log-view';
import { useServerLog } from '../live/use-server-log';
import type { ServerLogsAddress } from '../server-logs-search';

const route = getRouteApi('/app/debug/server-logs-report');

/** Debug server logs (02 §2): the API's requests as they are answered, live only; location and search in the address. */
export default function ServerLogsPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const online = useOnlineStatus();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: ServerLogsAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const log = useServerLog();
  return (
    <ServerLogView
      title={entry.title}
      log={log}
      online={online}
      groups={bootstrap.groups}
      groupId={search.groupId ?? null}
      text={search.search ?? ''}
      update={update}
    />
  );
}
