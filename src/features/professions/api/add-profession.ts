import { professionCode, professionEndpoints } from '@contracts/professions';
import type { Profession } from '@contracts/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { SESSION_KEY_ROOT } from '@/lib/query-client';
import { professionKeys } from './keys';

/** POST /users/professions: the name with its id (upper-cased, spaces turned to underscores). */
export function addProfession(input: { name: string; organizationId: number }): Promise<Profession> {
  const name = input.name.trim();
  const id = professionCode(name);
  return mainApi.call(professionEndpoints.create, { body: { data: { name, id, professionId: id, organizationId: input.organizationId } } });
}

/** Adds a profession; the session's list of professions (which names them in every table and picker) is read again with it. */
export function useAddProfession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProfession,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: professionKeys.all }), queryClient.invalidateQueries({ queryKey: [SESSION_KEY_ROOT] })]),
  });
}
