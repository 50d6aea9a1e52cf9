/** Cache keys of the professions; an added profession invalidates them. */
export const professionKeys = {
  all: ['professions'] as const,
  list: () => ['professions', 'list'] as const,
};
