import { useEffect, useState } from 'react';

/** How long 'Successfully updated!' stays before the app reloads on /auth. */
export const UPDATED_REDIRECT_MS = 1500;

const reloadOnSignIn = () => window.location.assign('/auth');

/**
 * After a password change: show the success message, then go to /auth and reload, so the next
 * screen starts from a clean session (signed in → /app; otherwise the sign-in form).
 */
export function usePasswordUpdated(goToSignIn: () => void = reloadOnSignIn) {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(goToSignIn, UPDATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [updated, goToSignIn]);
  return { updated, markUpdated: () => setUpdated(true) };
}
