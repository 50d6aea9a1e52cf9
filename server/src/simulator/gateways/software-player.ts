import { randomBytes } from 'node:crypto';
import { gatewaySoftwareJobSchema, terminalStateSchema, type GatewaySoftwareJob, type GatewaySoftwareJobReport } from '../../contracts/gateways';
import type { Log } from './clock';

// A gateway's work on itself (docs/GATEWAYS.md 'The simulator'), played on each round of the
// operations player: its software jobs (a pending one is started, a started one installed; a
// gateway not heard for SOFTWARE_SILENT_AFTER_MS fails it, and one made failing fails the install) and its remote terminal (asked for, it opens a
// session and reports its URL).

/** A gateway not heard for this long fails its software jobs (the Gateways page's error at 24 h). */
export const SOFTWARE_SILENT_AFTER_MS = 24 * 3_600_000;

export const SOFTWARE_FAILURES = { silent: 'Gateway not heard for 24 hours', install: 'Installation failed' } as const;

/** Where the stand-in terminal sessions live: no server answers there (docs/GATEWAYS.md 'Remote terminal'). */
export const TERMINAL_HOST = 'https://tmate.lavo.example/t/';

/** What a gateway does next with one of its software jobs, or null to leave it. */
export function nextSoftwareReport(job: GatewaySoftwareJob, now: number, failing = false): GatewaySoftwareJobReport | null {
  if (job.status === 'PENDING') {
    const heard = job.lastHeartbeatAt === null ? null : Date.parse(job.lastHeartbeatAt);
    if (heard === null || now - heard > SOFTWARE_SILENT_AFTER_MS) return { status: 'FAILED', message: SOFTWARE_FAILURES.silent };
    return { status: 'STARTED', message: `Downloading ${job.packageName} ${job.version}` };
  }
  if (job.status === 'STARTED') return failing ? { status: 'FAILED', message: SOFTWARE_FAILURES.install } : { status: 'UPDATED', message: `${job.packageName} ${job.version} installed` };
  return null;
}

/** A new stand-in session URL. */
export const terminalUrl = () => `${TERMINAL_HOST}${randomBytes(12).toString('base64url')}`;

type Send = (url: string, init: RequestInit) => Promise<unknown>;

/** One round of a gateway's own work; resolves with the reports sent. */
export async function playGatewaySelf(send: Send, baseUrl: string, headers: Record<string, string>, mac: string, log: Log, failing = false): Promise<number> {
  const post = (path: string, body: unknown) => send(`${baseUrl}/api/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let sent = 0;
  const jobs = gatewaySoftwareJobSchema.array().parse(await send(`${baseUrl}/api/gateways/software/jobs`, { headers }));
  const now = Date.now();
  for (const job of jobs) {
    const report = nextSoftwareReport(job, now, failing);
    if (!report) continue;
    try {
      await post(`gateways/software/jobs/${job.id}`, report);
      sent++;
      log.debug(`${mac}: software job ${job.id} (${job.packageName} ${job.version}) → ${report.status}`);
    } catch (error) {
      log.debug(`${mac}: software job ${job.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const terminal = terminalStateSchema.parse(await send(`${baseUrl}/api/gateways/terminal`, { headers }));
  if (terminal.enabled && terminal.url === null) {
    await post('gateways/state', { terminalUrl: terminalUrl() });
    sent++;
    log.debug(`${mac}: terminal session opened`);
  }
  return sent;
}
