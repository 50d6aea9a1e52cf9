import { useEffect, useState } from 'react';
import { getIdToken } from '@/lib/auth';

/** Whether a plan address is served by the API (an uploaded plan), which wants the caller's sign-in. */
export const isProtectedPlan = (url: string) => url.startsWith('/api/');

function dataUri(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/**
 * What an <img> can show for a floor-plan address. The generated plans are static files and load
 * as they are; an uploaded plan is served by the API to signed-in callers only, so it is fetched
 * with the id token and shown as a data: URI (the Content-Security-Policy's img-src allows the app's
 * own images and data: URIs, not blob: URLs). The service worker keeps either kind cache-first
 * (sw/runtime-caching.ts), so a plan opened once is there offline.
 */
export function usePlanSource(url: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!isProtectedPlan(url)) return;
    let cancelled = false;
    void (async () => {
      try {
        const token = await getIdToken();
        const response = await fetch(url, { headers: token ? { Authorization: token } : {} });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const src = await dataUri(await response.blob());
        if (!cancelled) setState({ url, src, failed: false });
      } catch {
        if (!cancelled) setState({ url, src: null, failed: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [url]);
  if (!isProtectedPlan(url)) return { src: url, failed: false };
  return state?.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
