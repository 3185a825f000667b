/** Query keys of the contact entries: one root per owner, the list (by page and filter) and each entry apart. */
export const contactKeys = {
  all: ['contact'] as const,
  list: (userId: string, offset: number, filter: string) => ['contact', 'list', userId, { offset, filter }] as const,
  entry: (userId: string, id: string) => ['contact', 'entry', userId, id] as const,
};
