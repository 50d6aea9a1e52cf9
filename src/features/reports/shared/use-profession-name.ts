import { useMemo } from 'react';
import { useSession } from '@/lib/session-context';

/** A profession code's name as the session's catalog gives it ('REGISTERED_NURSE' → 'Registered Nurse'); the code when unknown. */
export function useProfessionName(): (code: string | null) => string | null {
  const { bootstrap } = useSession();
  return useMemo(() => {
    const names = new Map(bootstrap.enums.professions.map((p) => [p.professionId, p.name]));
    return (code) => (code ? (names.get(code) ?? code) : null);
  }, [bootstrap.enums.professions]);
}
