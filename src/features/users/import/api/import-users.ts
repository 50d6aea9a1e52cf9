import { userImportEndpoints, type UserBulkResult, type UserImportRow } from '@contracts/user-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/entities/users/api/keys';
import { mainApi } from '@/lib/api-client';
import { SESSION_KEY_ROOT } from '@/lib/query-client';

/** POST /users/bulk: creates the rows' users, all or none; the answer says what became of each row. */
export function importUsers(rows: readonly UserImportRow[]): Promise<UserBulkResult[]> {
  return mainApi.call(userImportEndpoints.bulk, { body: { data: [...rows] } });
}

/**
 * Imports users; an import may add professions, so the session's list of them (which names them
 * in every table and picker) is read again with the users.
 */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'import'] as const,
    mutationFn: importUsers,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: [SESSION_KEY_ROOT] })]),
  });
}
