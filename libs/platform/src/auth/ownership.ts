import type { AuthUser } from './tokens.js';

/**
 * The owner segment of a spec path: `{owner}:{owner}`, `{meID}:{meID}`, `{meID}:{key}` (spec 1 §7, spec 2 §7).
 * `qualifier` is what follows the colon: the owner id again, another id, or a key such as `apps`.
 */
export interface OwnerRef {
  ownerId: string;
  qualifier?: string;
}

/** What an ownership resolver is told besides the user and the owner id. */
export interface OwnershipCheck {
  owner: OwnerRef;
  /** The path parameter that held the owner segment. */
  param: string;
  method: string;
  url: string;
}

/**
 * Decides whether a user may act on paths owned by `ownerId`.
 * The default is strict equality; the store service can supply one that also admits a shop's admin
 * collaborators (docs/architecture.md §3). Used as the DI token too: `{ provide: OwnershipResolver, useClass: ... }`.
 */
export abstract class OwnershipResolver {
  abstract canActAs(user: AuthUser, ownerId: string, check: OwnershipCheck): Promise<boolean> | boolean;
}

/** Only the owner acts as the owner. */
export class StrictOwnership extends OwnershipResolver {
  canActAs(user: AuthUser, ownerId: string): boolean {
    return user.id === ownerId;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs (UUIDv7, docs/architecture.md §3); anything else after the colon is a key (`apps`, an app name, ...). */
export function isIdShaped(value: string): boolean {
  return UUID.test(value);
}

/**
 * Splits an owner segment. A bare id (no colon) is accepted as the owner with no qualifier.
 * Returns undefined for anything else: empty parts, more than one colon.
 */
export function parseOwnerSegment(segment: unknown): OwnerRef | undefined {
  if (typeof segment !== 'string' || segment.length === 0) return undefined;
  const parts = segment.split(':');
  if (parts.length > 2 || parts.some((part) => part.length === 0)) return undefined;
  return parts.length === 1 ? { ownerId: parts[0] } : { ownerId: parts[0], qualifier: parts[1] };
}
