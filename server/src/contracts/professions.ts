import { z } from 'zod';
import { endpoint } from './endpoint';
import { professionSchema } from './entities';
import { bodyObject, idField, idParam, textField } from './fields';

// The Professions screen (docs/SCREENS.md 'Screens', Professions).

export const PROFESSION_NAME_MIN = 2;
export const PROFESSION_NAME_MESSAGE = `Name must be at least ${PROFESSION_NAME_MIN} characters`;

/** A profession's id: its name upper-cased, with spaces turned to underscores. */
export function professionCode(name: string): string {
  return name.trim().toUpperCase().replace(/\s+/g, '_');
}

/** The page's success message. */
export const professionCreatedMessage = (name: string) => `Profession: ${name} created successfully`;

/** POST /users/professions: id and professionId, when sent, must be the code of the name. */
export const professionBodySchema = bodyObject({
  data: bodyObject({
    name: textField(80, { min: PROFESSION_NAME_MIN, minMessage: PROFESSION_NAME_MESSAGE }),
    id: textField(80).optional(),
    professionId: textField(80).optional(),
    organizationId: idField,
  }),
}).superRefine(({ data }, ctx) => {
  const code = professionCode(data.name);
  for (const key of ['id', 'professionId'] as const) {
    if (data[key] !== undefined && data[key] !== code) ctx.addIssue({ code: 'custom', message: `${key} must be ${code}, the name upper-cased with spaces turned to underscores`, path: ['data', key] });
  }
});
export type ProfessionBody = z.infer<typeof professionBodySchema>;

export const professionListSchema = z.array(professionSchema);

export const professionEndpoints = {
  list: endpoint({ method: 'GET', path: '/users/professions', response: professionListSchema }),
  listFor: endpoint({ method: 'GET', path: '/users/professions/:organizationId', params: z.object({ organizationId: idParam }), response: professionListSchema }),
  create: endpoint({ method: 'POST', path: '/users/professions', body: professionBodySchema, response: professionSchema, status: 201 }),
};
