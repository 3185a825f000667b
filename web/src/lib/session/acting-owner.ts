import type { CollaboratorRole } from '@vitrina/contracts';
import type { SessionUser } from './use-session';

/**
 * Whose data a shop's admin page works on (issue 16 'Collaborators'): the shop owner's, when the signed-in user is
 * their collaborator with one of the roles the page needs (the access token's claim lets the server agree);
 * otherwise undefined, and the page works on the user's own.
 */
export function actingOwner(
  user: Pick<SessionUser, 'id' | 'collaborations'> | null | undefined,
  shopOwner: string,
  roles: readonly CollaboratorRole[],
): string | undefined {
  if (!user || user.id === shopOwner) return undefined;
  const role = Object.hasOwn(user.collaborations, shopOwner) ? user.collaborations[shopOwner] : undefined;
  return role && roles.includes(role) ? shopOwner : undefined;
}
