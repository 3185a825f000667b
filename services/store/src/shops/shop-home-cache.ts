import type { Shop } from '@vitrina/contracts';

/** A shop home without what depends on the viewer itself (user_info): the same for every viewer of one level. */
export type ShopHome = Omit<Shop, 'user_info'>;

/**
 * Shop homes kept in this process (issue 17: the shop home is the first request of every visit). An entry is keyed by
 * the shop and the viewer's visibility level (which banners and headers it may see) and stamped with the version of
 * what it was built from: the shop's `content_version` (grown by triggers on any change to the row, its banners or its
 * headers) and its root affinity store's. Every load reads the shop row anyway, so an entry is served only while
 * nothing it shows has changed, in every instance, with no invalidation messages. Bounded by entries; the least
 * recently used go first (a Map keeps insertion order, and a hit re-inserts its key).
 */
export class ShopHomeCache {
  private readonly entries = new Map<string, { version: string; home: ShopHome }>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries: number) {}

  get(key: string, version: string): ShopHome | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      this.misses += 1;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.home;
  }

  set(key: string, version: string, home: ShopHome): void {
    if (this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { version, home });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
