import { getIdToken } from '@/lib/auth';
import { getConfig } from '@/lib/config';

// Files the server prepares (data exports, users exports): its own links need the sign-in, so
// they are fetched with the id token and saved from a blob; a bucket's presigned link is opened.

/** The file's name from a Content-Disposition header, else a fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a finished export's file. This API's own link (starting with /api/) needs the sign-in,
 * so it is fetched with the id token and saved from a blob; any other link (a presigned bucket
 * link) is opened directly. The file is saved under the server's name, else `fallbackName`; with
 * `{ name }` under that name whatever the server calls it.
 */
export async function downloadFile(link: string, fallbackName: string, options: { name?: string } = {}): Promise<void> {
  if (!link.startsWith('/api/')) {
    window.open(link, '_blank', 'noopener');
    return;
  }
  const token = await getIdToken();
  if (!token) throw new Error('You are signed out.');
  const base = getConfig().apiBaseUrl.replace(/\/$/, '');
  const url = /^https?:\/\//.test(base) ? `${base}${link.replace(/^\/api/, '')}` : link;
  const response = await fetch(url, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`The file could not be downloaded (HTTP ${response.status}).`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = options.name ?? fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
