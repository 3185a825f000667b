import type { Membership } from '@vitrina/contracts';

/** The package the user holds now: paid (active) or waiting for its renewal (grace). A lapsed one is not held. */
export function currentPackageId(membership: Membership | null | undefined): string | null {
  if (!membership?.package) return null;
  return membership.status === 'active' || membership.status === 'grace' ? membership.package.id : null;
}
