import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exportJobQueryOptions, exportOrder, jobEnded, startUsersExport, type UsersExportFilters } from './user-export-api';

export interface UsersExport {
  /** Asked for and not yet ended: the leave-page prompt is on. */
  running: boolean;
  /** 0 to 100 while running. */
  progress: number;
  /** The finished file's link, while the filters are those it was made with. */
  downloadUrl: string | null;
  error: string | null;
  start(): void;
}

// A file made in another order is not the one the table shows: the order is part of the key.
const keyOf = (f: UsersExportFilters) => JSON.stringify([f.exportType, [...f.organizationIds].sort((a, b) => a - b), f.search.trim(), exportOrder(f.exportType, f.sort)]);

/**
 * A users export of the screen's filters (docs/SCREENS.md 'Users'): queued, polled every 2 s until it
 * completed or failed. The finished link is reused until the filters or the order change; an export under way
 * is followed to its end whatever the filters do meanwhile.
 */
export function useUsersExport(filters: UsersExportFilters): UsersExport {
  const filterKey = keyOf(filters);
  const [run, setRun] = useState<{ jobId: number; filterKey: string } | null>(null);
  const start = useMutation({
    mutationFn: (f: UsersExportFilters) => startUsersExport(f, crypto.randomUUID()),
    onSuccess: ({ jobId }, f) => setRun({ jobId, filterKey: keyOf(f) }),
  });
  const job = useQuery({ ...exportJobQueryOptions(run?.jobId ?? 0), enabled: run !== null });
  const ended = run !== null && jobEnded(job.data);
  const running = start.isPending || (run !== null && !ended && !job.isError);
  const current = run !== null && (running || run.filterKey === filterKey);
  const failed = current && job.data?.state === 'failed';
  return {
    running,
    progress: current && job.data ? job.data.progress : 0,
    downloadUrl: current && job.data?.state === 'completed' ? job.data.downloadUrl : null,
    error: start.error?.message ?? (failed ? (job.data?.error ?? 'The export failed.') : current && job.isError ? job.error.message : null),
    start: () => start.mutate(filters),
  };
}
