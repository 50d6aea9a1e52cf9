import { useEffect, useState } from 'react';
import { getIdToken } from '@/lib/auth';
import { getConfig } from '@/lib/config';

/** The browser cache that keeps profile photos for offline display (a photo's path never changes content). */
export const PHOTO_CACHE = 'lavo-profile-photos';

/** The photos this page has shown, as data URLs by picture path: each is fetched once. */
const shown = new Map<string, Promise<string>>();

async function openCache(): Promise<Cache | null> {
  return typeof caches === 'undefined' ? null : caches.open(PHOTO_CACHE).catch(() => null);
}

/**
 * A user's photo (their `picture`, a path of the API) as a blob: from the photo cache when it is
 * there, else from the API with the sign-in (an <img> could not send it), then kept in the cache.
 */
export async function getPhoto(picture: string): Promise<Blob> {
  const url = `${getConfig().apiBaseUrl}${picture}`;
  const cache = await openCache();
  const cached = await cache?.match(url);
  if (cached) return cached.blob();
  const token = await getIdToken();
  const response = await fetch(url, { headers: token ? { Authorization: token } : {} });
  if (!response.ok) throw new Error(`The photo could not be loaded (${response.status})`);
  await cache?.put(url, response.clone()).catch(() => undefined);
  return response.blob();
}

/** A blob as a data: URL (the content security policy lets images come from data:, not blob:). */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The photo at `picture` as a data URL once loaded; null without a picture, while loading, or when it cannot be had. */
export function usePhotoUrl(picture: string | null | undefined): string | null {
  const [url, setUrl] = useState<{ picture: string; url: string } | null>(null);
  useEffect(() => {
    if (!picture) return;
    let live = true;
    let loading = shown.get(picture);
    if (!loading) {
      loading = getPhoto(picture).then(dataUrlOf);
      shown.set(picture, loading);
      // A failed load is tried again the next time the photo is shown.
      loading.catch(() => shown.delete(picture));
    }
    loading.then((loaded) => live && setUrl({ picture, url: loaded })).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [picture]);
  return picture && url?.picture === picture ? url.url : null;
}
