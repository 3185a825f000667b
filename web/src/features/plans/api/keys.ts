/** Query keys of the plans feature: the public package list, and the signed-in user's membership. */
export const plansKeys = {
  all: ['plans'] as const,
  packages: () => ['plans', 'packages'] as const,
  membership: (userId: string) => ['plans', 'membership', userId] as const,
};
