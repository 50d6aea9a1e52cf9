import { userImportEndpoints, type UserBulkResult, type UserImportRow } from '@contracts/user-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/entities/users/api/keys';
import { mainApi } from '@/lib/api-client';

/** POST /users/bulk: creates the rows' users, all or none; the answer says what became of each row. */
export function importUsers(rows: readonly UserImportRow[]): Promise<UserBulkResult[]> {
  return mainApi.call(userImportEndpoints.bulk, { body: { data: [...rows] } });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'import'] as const,
    mutationFn: importUsers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
