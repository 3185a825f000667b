import type { ItemType } from '@vitrina/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The admin menu's plus buttons (spec 1 §2 'Shop menu') live in the storefront, the editors they open in the
 * lazily loaded shop-admin chunk. This tiny channel joins them without the storefront importing the editors:
 * the owner tools register a handler once loaded (and while edit mode is on); the plus buttons show only then.
 */
export type ShopEditAction = { kind: 'add-items'; itemType: ItemType } | { kind: 'new-catalogue' } | { kind: 'franchises' };

type Handler = (action: ShopEditAction) => void;

let handler: Handler | null = null;
const watchers = new Set<() => void>();

function notify(): void {
  for (const watcher of watchers) watcher();
}

function subscribe(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

/** The owner tools take the actions; the returned function lets go (only if this handler still holds it). */
export function handleShopEditActions(next: Handler): () => void {
  handler = next;
  notify();
  return () => {
    if (handler !== next) return;
    handler = null;
    notify();
  };
}

/** Asks the owner tools to open an editor; false when they are not there (not loaded, or edit mode off). */
export function requestShopEditAction(action: ShopEditAction): boolean {
  if (!handler) return false;
  handler(action);
  return true;
}

/** True while the owner tools take actions: the storefront shows its plus buttons only then. */
export function useShopEditReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => handler !== null,
    () => false,
  );
}
