import { normalizeLogin } from './schemas';

/** An invitation link's credentials. */
export interface Invitation {
  username: string;
  temporaryPassword: string;
}

const TEMP_PASS = 'temp_pass=';

/**
 * Reads `username` and `temp_pass` from an invitation link. The temporary password is everything after
 * `temp_pass=` to the end of the address: it may hold '&' or '#', which would otherwise cut it short.
 * Returns null when the address is not an invitation link; `invalid` when it is one with a part missing.
 */
export function readInvitation(href: string): Invitation | 'invalid' | null {
  const at = href.indexOf(TEMP_PASS);
  const query = new URL(href, 'http://localhost').searchParams;
  if (at === -1) return query.has('username') && query.has('temp_pass') ? 'invalid' : null;
  const tail = href.slice(at + TEMP_PASS.length);
  let temporaryPassword = tail;
  try {
    temporaryPassword = decodeURIComponent(tail);
  } catch {
    // A raw password with a stray '%' is used as it stands.
  }
  const username = normalizeLogin(new URL(href.slice(0, at), 'http://localhost').searchParams.get('username') ?? '');
  if (!username || !temporaryPassword) return 'invalid';
  return { username, temporaryPassword };
}
