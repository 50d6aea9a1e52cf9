import { EXECUTION_STATUS_LABELS, type ExecutionStatus, type Job, type JobExecution, type JobList, type LastOnlineBucket, type Thing, type ThingStatus } from '@contracts/iot';
import { formatLastHeard } from '@/lib/last-heard';
import { codeWords } from '@/lib/format';

/** The 'Last Online' filter's buckets and their words (docs/SCREENS.md 'IoT Devices'). */
export const LAST_ONLINE_OPTIONS: readonly { value: LastOnlineBucket; label: string }[] = [
  { value: 'online', label: 'Currently online' },
  { value: '0-12h', label: '0-12 hours' },
  { value: '12-24h', label: '12-24 hours' },
  { value: '1-7d', label: '1-7 days' },
  { value: 'over-7d', label: 'Over 7 days' },
];

const HOUR_MS = 3_600_000;
/** Offline thresholds: 24 h and 168 h. */
export const RECENT_HOURS = 24;
export const OFFLINE_HOURS = 168;

export interface Connectivity {
  label: 'Online' | 'Recent Activity' | 'No Recent Activity' | 'Offline';
  color: 'teal' | 'yellow' | 'orange' | 'red';
  /** 'Connected', or when it was last online ('Last online 3 hours ago'). */
  detail: string;
}

/** A device's connectivity: connected is Online; else by the hours since it was last online. */
export function connectivityOf(status: ThingStatus, now: number): Connectivity {
  if (status.connected) return { label: 'Online', color: 'teal', detail: 'Connected' };
  const detail = status.timestamp ? `Last online ${formatLastHeard(status.timestamp, now)}` : 'Never online';
  const hours = status.timestamp ? (now - Date.parse(status.timestamp)) / HOUR_MS : Infinity;
  if (hours < RECENT_HOURS) return { label: 'Recent Activity', color: 'yellow', detail };
  if (hours < OFFLINE_HOURS) return { label: 'No Recent Activity', color: 'orange', detail };
  return { label: 'Offline', color: 'red', detail };
}

/** What a device's row shows while one of its edits waits in the outbox. */
export interface PendingDeviceEdit {
  id: number;
  name: string;
  groupId: number;
  x: number;
  y: number;
  state: 'pending' | 'failed';
  error: string | null;
}

export interface DeviceRow extends Thing {
  /** The device's queued edit, shown over the server's values until it is sent. */
  edit: PendingDeviceEdit | null;
  /** A job queued on this device has not reached the server yet. */
  jobQueued: boolean;
}

/** The server's rows with this device's queued edits shown on them (the latest edit wins). */
export function deviceRows(
  things: readonly Thing[],
  edits: readonly PendingDeviceEdit[],
  queuedJobThingIds: ReadonlySet<number>,
  groupNameOf: (groupId: number) => string | undefined,
): DeviceRow[] {
  const editOf = new Map(edits.map((e) => [e.id, e]));
  return things.map((thing) => {
    const edit = editOf.get(thing.id) ?? null;
    const shown = edit ? { ...thing, name: edit.name, groupId: edit.groupId, groupName: groupNameOf(edit.groupId) ?? thing.groupName, x: edit.x, y: edit.y } : thing;
    return { ...shown, edit, jobQueued: queuedJobThingIds.has(thing.id) };
  });
}

/** Only devices with outdated software may be picked for a job, and not while a job for them is still queued here. */
export const isSelectable = (row: Pick<DeviceRow, 'outdated' | 'jobQueued'>): boolean => row.outdated && !row.jobQueued;

/** The devices a job may run on, of those given. */
export const outdatedOf = <T extends Pick<Thing, 'outdated'>>(things: readonly T[]): T[] => things.filter((t) => t.outdated);

/** The jobs of a drawer tab: SCHEDULED Pending; ACTIVE or IN_PROGRESS Active; COMPLETED or CANCELED Finished. */
export const jobsOfList = (jobs: readonly Job[], list: JobList): Job[] => jobs.filter((job) => job.list === list);

/** The drawer tabs and their empty states. */
export const JOB_TABS: readonly { list: JobList; label: string; empty: string }[] = [
  { list: 'PENDING', label: 'Pending', empty: 'No currently pending jobs' },
  { list: 'ACTIVE', label: 'Active', empty: 'No currently active jobs' },
  { list: 'FINISHED', label: 'Finished', empty: 'No currently finished jobs' },
];

/** An execution status in words: IN_PROGRESS is 'Updating'; the rest as words ('Timed out'). */
export function executionStatusLabel(status: ExecutionStatus): string {
  return EXECUTION_STATUS_LABELS[status] ?? codeWords(status);
}

export function executionStatusColor(status: ExecutionStatus): string {
  switch (status) {
    case 'SUCCEEDED':
      return 'teal';
    case 'FAILED':
    case 'REJECTED':
    case 'TIMED_OUT':
      return 'red';
    case 'IN_PROGRESS':
      return 'blue';
    case 'QUEUED':
    case 'CREATED':
      return 'yellow';
    default:
      return 'gray';
  }
}

/** An execution can be cancelled only while QUEUED. */
export const canCancelExecution = (execution: Pick<JobExecution, 'status'>): boolean => execution.status === 'QUEUED';

/** A job can be cancelled while it is scheduled or running. */
export const canCancelJob = (job: Pick<Job, 'status'>): boolean => job.status === 'SCHEDULED' || job.status === 'IN_PROGRESS';
