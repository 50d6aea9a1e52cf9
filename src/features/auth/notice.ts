import { useLocation } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** A message the next authentication screen shows (why the visitor was sent there). */
    notice?: string;
    /** The temporary password being replaced, kept out of the address for the reuse rule. */
    temporaryPassword?: string;
    /** Where a confirmation code went. */
    destination?: string;
    /** The password typed at sign-in, so a confirmed account can sign in without retyping it. */
    pendingPassword?: string;
  }
}

/** The message the previous screen left for this one, if any. */
export function useNotice(): string | undefined {
  return useLocation({ select: (location) => location.state.notice });
}
