/** The keychain entry of a shop user with the qrreader role (spec 3, issue 13: 'a shop user with the qrreader role'). */
export const QR_READER_KEY = 'qrreader';

/**
 * Who may check a ticket in: the experience's supplier itself, or any user holding the `qrreader` keychain entry.
 * Gap (services/orders/README.md 'Tickets'): a qrreader is not yet tied to the shops it works for; the
 * collaborator model that would (a qrreader of shop X checks in only X's tickets) belongs to the onboarding issue.
 */
export function mayCheckIn(user: { id: string; keychain?: readonly string[] }, ticket: { supplierId: string }): boolean {
  return ticket.supplierId === user.id || (user.keychain ?? []).includes(QR_READER_KEY);
}
