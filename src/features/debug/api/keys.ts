/** Cache keys of the Server Logs page's answers. */
export const debugKeys = {
  all: ['debug'] as const,
  clientErrors: () => ['debug', 'client-errors'] as const,
};
