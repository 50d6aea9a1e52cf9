/**
 * What the remote terminal of a simulated kiosk gateway prints: plausible answers to the quick
 * commands (docs/GATEWAYS.md 'Remote terminal'), from the gateway's own facts so they read consistently.
 */

/** What a command sees of its gateway. */
export interface OutputContext {
  /** Epoch ms. */
  now: number;
  /** When the gateway last started (epoch ms). */
  bootedAt: number;
  hostname: string;
  docked: readonly { slot: number; mac: string; battery: number | null }[];
}

export type CommandOutcome = { code: 200; data: string; reboot?: true } | { code: 500; message: string };

/** Client events carry at most 10 KiB; the output leaves room for the rest of the message. */
export const OUTPUT_BYTES = 9_000;
const LOG_LINES = 100;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UNITS = ['lavo-gateway', 'lavo-daemon'];

const pad = (n: number, width = 2, fill = '0') => String(n).padStart(width, fill);
const clock = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** `date`'s own format in the C locale: 'Tue Mar  4 10:22:01 UTC 2025'. */
export function formatDate(now: number): string {
  const d = new Date(now);
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate(), 2, ' ')} ${clock(d)} UTC ${d.getUTCFullYear()}`;
}

function uptime(ctx: OutputContext): string {
  const minutes = Math.max(0, Math.floor((ctx.now - ctx.bootedAt) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hm = `${pad(Math.floor((minutes % 1440) / 60), 2, ' ')}:${pad(minutes % 60)}`;
  return days > 0 ? `${days} day${days === 1 ? '' : 's'}, ${hm}` : minutes < 60 ? `${minutes} min` : hm;
}

function top(ctx: OutputContext): string {
  // Small swings with the minute, so two runs a minute apart differ a little.
  const wobble = (Math.floor(ctx.now / 60_000) % 7) / 100;
  const load = [0.21 + wobble, 0.18 + wobble / 2, 0.15].map((n) => n.toFixed(2)).join(', ');
  return [
    `top - ${clock(new Date(ctx.now))} up ${uptime(ctx)},  0 users,  load average: ${load}`,
    'Tasks:  92 total,   1 running,  91 sleeping,   0 stopped,   0 zombie',
    `%Cpu(s):  ${(3.1 + wobble * 10).toFixed(1)} us,  1.6 sy,  0.0 ni, ${(95.1 - wobble * 10).toFixed(1)} id,  0.0 wa,  0.0 hi,  0.2 si,  0.0 st`,
    'MiB Mem :    924.2 total,    412.6 free,    231.8 used,    279.8 buff/cache',
    'MiB Swap:    100.0 total,    100.0 free,      0.0 used.    628.4 avail Mem',
    '',
    '  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
    '  412 lavo      20   0  152340  48212  21104 S   2.0   5.1  34:12.55 lavo-gateway',
    '  398 root      20   0   44820  12044   9212 S   0.7   1.3   5:03.17 lavo-daemon',
    '  301 root      20   0   12704   6032   5300 S   0.3   0.6   1:44.02 wpa_supplicant',
    '    1 root      20   0   33660   8120   6440 S   0.0   0.9   0:09.41 systemd',
    '  233 root      20   0   40812  10288   9032 S   0.0   1.1   0:02.73 systemd-journal',
    ' 1207 lavo      20   0   10220   3004   2564 R   0.0   0.3   0:00.01 top',
  ].join('\n');
}

function journal(ctx: OutputContext, args: readonly string[]): string {
  const unitAt = args.indexOf('-u');
  const unit = unitAt >= 0 ? (args[unitAt + 1] ?? UNITS[0]!) : UNITS[0]!;
  const countAt = args.indexOf('-n');
  const asked = countAt >= 0 ? Number(args[countAt + 1]) : LOG_LINES;
  const count = Number.isInteger(asked) && asked > 0 ? Math.min(asked, LOG_LINES) : LOG_LINES;
  const pid = unit === 'lavo-daemon' ? 398 : 412;
  const host = ctx.hostname.slice(0, 16);
  const lines: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(ctx.now - i * 37_000 - 1_000);
    const stamp = `${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate(), 2, ' ')} ${clock(d)}`;
    lines.push(`${stamp} ${host} ${unit}[${pid}]: ${logMessage(ctx, i)}`);
  }
  return fit(lines);
}

function logMessage(ctx: OutputContext, i: number): string {
  const w = ctx.docked.length > 0 ? ctx.docked[i % ctx.docked.length] : undefined;
  switch (i % 5) {
    case 0:
      return 'heartbeat sent (200)';
    case 1:
      return w ? `slot ${w.slot}: ${w.mac} battery ${w.battery ?? '?'}%` : 'slots: none docked';
    case 2:
      return 'pusher: ping/pong ok';
    case 3:
      return `slots: ${ctx.docked.length}/16 docked`;
    default:
      return 'sync: 0 pending';
  }
}

/** Drops the oldest lines until the output fits one message, as a tail would. */
function fit(lines: string[]): string {
  while (lines.length > 1 && Buffer.byteLength(JSON.stringify(lines.join('\n'))) > OUTPUT_BYTES) lines.shift();
  return lines.join('\n');
}

function iwconfig(ctx: OutputContext): string {
  const signal = -48 - (Math.floor(ctx.now / 60_000) % 9);
  return [
    'wlan0     IEEE 802.11  ESSID:"Lavo-Clinical"',
    '          Mode:Managed  Frequency:5.18 GHz  Access Point: 3C:84:6A:12:9F:01',
    '          Bit Rate=86.7 Mb/s   Tx-Power=31 dBm',
    '          Retry short limit:7   RTS thr:off   Fragment thr:off',
    '          Power Management:on',
    `          Link Quality=${70 + signal + 40}/70  Signal level=${signal} dBm`,
    '          Rx invalid nwid:0  Rx invalid crypt:0  Rx invalid frag:0',
    '          Tx excessive retries:12  Invalid misc:0   Missed beacon:0',
    '',
    'eth0      no wireless extensions.',
    '',
    'lo        no wireless extensions.',
  ].join('\n');
}

function led(args: readonly string[]): CommandOutcome {
  const [action, colour] = args;
  if ((action === 'flash' || action === 'set') && colour) return { code: 200, data: 'ok' };
  return { code: 500, message: 'usage: lavo-led flash|set <colour>' };
}

function systemctl(args: readonly string[]): CommandOutcome {
  const [verb, unit] = args;
  if (verb !== 'restart' || !unit) return { code: 500, message: 'systemctl: only "restart <unit>" is allowed here' };
  if (!UNITS.includes(unit.replace(/\.service$/, ''))) return { code: 500, message: `Failed to restart ${unit}.service: Unit ${unit}.service not found.` };
  return { code: 200, data: 'restarted' };
}

/** Runs one terminal command; an unknown program fails as a shell would say it. */
export function runCommand(command: readonly string[], ctx: OutputContext): CommandOutcome {
  const [program = '', ...args] = command;
  switch (program) {
    case 'date':
      return { code: 200, data: formatDate(ctx.now) };
    case 'top':
      return { code: 200, data: top(ctx) };
    case 'journalctl':
      return { code: 200, data: journal(ctx, args) };
    case 'iwconfig':
      return { code: 200, data: iwconfig(ctx) };
    case 'lavo-led':
      return led(args);
    case 'systemctl':
      return systemctl(args);
    case 'reboot':
      return { code: 200, data: 'rebooting', reboot: true };
    default:
      return { code: 500, message: `${program}: command not found` };
  }
}
