import type { AuthUser } from '@vitrina/platform';

/** True when the caller is the given owner (a shop owner sees their unpublished and hidden items, dimmed). */
export function isOwner(viewer: AuthUser | undefined, ownerId: string): boolean {
  return viewer !== undefined && viewer.id === ownerId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
