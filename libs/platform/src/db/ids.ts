import { v7 } from 'uuid';

/** Ids are UUIDv7 strings (docs/architecture.md §3): time-ordered, so primary-key indexes stay compact. */
export function newId(): string {
  return v7();
}
