/** Query keys of the bell: one root per user, the badge's count and the panel's list apart. */
export const alertKeys = {
  all: ['alerts'] as const,
  pending: (userId: string) => ['alerts', 'pending', userId] as const,
  list: (userId: string) => ['alerts', 'list', userId] as const,
};
