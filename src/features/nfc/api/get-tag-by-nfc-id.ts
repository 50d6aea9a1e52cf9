import { nfcEndpoints, type NfcTag } from '@contracts/nfc';
import { ApiError, mainApi } from '@/lib/api-client';

/** GET /nfc/nfcId/{nfcId}: the tag with this NFC id, or null when there is none (in the caller's scope). */
export async function getTagByNfcId(nfcId: string, signal?: AbortSignal): Promise<NfcTag | null> {
  try {
    return await mainApi.call(nfcEndpoints.byNfcId, { params: { nfcId }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
