import { CollaboratorAccess, type CollaboratorRole } from '@vitrina/contracts';
import { collaboratorRole, type AuthUser } from '@vitrina/platform';

/**
 * The collaborator roles a supplier's people may hold to check its tickets in at the door (issue 16: 'a qrreader checks
 * tickets in'; an admin collaborator may do anything the shop's admin tools do).
 */
export const CHECK_IN_ROLES: readonly CollaboratorRole[] = CollaboratorAccess.checkIn;

/**
 * Who may check a ticket in: the experience's supplier itself, or a collaborator of that supplier whose access token
 * gives them a check-in role (issue 16). A user who reads QR codes for another shop is refused here: a qrreader is
 * tied to the shops that invited them.
 */
export function mayCheckIn(user: Pick<AuthUser, 'id' | 'collaborations'>, ticket: { supplierId: string }): boolean {
  if (ticket.supplierId === user.id) return true;
  const role = collaboratorRole(user, ticket.supplierId);
  return role !== undefined && CHECK_IN_ROLES.includes(role);
}
