import { accountAccessEndpoints } from '@contracts/account-access';
import { userAdminEndpoints, type SetDetailsBody } from '@contracts/users-admin';
import { useMutation } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';

/** PUT /users/{own id}/set-details. */
export function useSaveMyDetails(userId: number) {
  return useMutation({ mutationFn: (body: SetDetailsBody) => mainApi.call(userAdminEndpoints.setDetails, { params: { id: userId }, body }) });
}

/** PUT /users/set-password for the signed-in user. */
export function useSetMyPassword(userName: string) {
  return useMutation({ mutationFn: (password: string) => mainApi.call(accountAccessEndpoints.setPassword, { body: { username: userName, password } }) });
}
