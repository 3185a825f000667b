import type { VisibilityTarget } from '@vitrina/contracts';
import type { AuthUser } from '@vitrina/platform';

/**
 * spec 1 §6 'Banner visibility targets': what a viewer may see besides `all`. Anonymous -> anon;
 * level 0 (registered) -> ul0; level 1 (entrepreneur without a store) -> ul1; level 2 (with a store) -> ul2.
 * Level 3 has no target of its own and sees `all` only.
 */
export function visibleTargets(viewer: Pick<AuthUser, 'level'> | undefined): VisibilityTarget[] {
  if (!viewer) return ['all', 'anon'];
  const own = ({ 0: 'ul0', 1: 'ul1', 2: 'ul2' } as const)[viewer.level as 0 | 1 | 2];
  return own ? ['all', own] : ['all'];
}
