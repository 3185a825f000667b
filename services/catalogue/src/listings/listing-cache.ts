/**
 * Serialised public listing pages of shops, kept in this process (spec 1 §2 'Listings', 'Search'; issue 4's
 * throughput targets). An entry is keyed by the shop and the normalised request, and stamped with the shop's
 * listing version (shop.repository.ts SHOP_WITH_VERSION: `listing_version` + its `listing_changes` rows): triggers
 * add a row in the same transaction as any change to what the shop's listings show, and every request reads the
 * shop row anyway, so a page is served from here only while
 * nothing it shows has changed, in every instance, with no invalidation messages. The time limit only bounds
 * what depends on the clock rather than on rows (an experience concluding) and how long unused pages stay.
 *
 * Bounded by the bytes of the bodies it holds; the least recently used pages go first (a Map keeps insertion
 * order, and a hit re-inserts its key).
 */
export interface ListingCacheOptions {
  /** Total size of the cached bodies, in bytes; 0 turns the cache off. */
  maxBytes: number;
  /** How long a page may be served, in milliseconds. */
  ttlMs: number;
  now?: () => number;
}

interface Entry {
  version: number;
  body: string;
  expiresAt: number;
}

export class ListingCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(private readonly options: ListingCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0 && this.options.ttlMs > 0;
  }

  /** The body cached for `key` at exactly `version`, if still fresh. */
  get(key: string, version: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.expiresAt <= this.now()) {
      if (entry) this.remove(key, entry);
      this.misses += 1;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.body;
  }

  set(key: string, version: number, body: string): void {
    if (!this.enabled) return;
    const size = sizeOf(key, body);
    if (size > this.options.maxBytes / 8) return; // one page never crowds out the rest
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { version, body, expiresAt: this.now() + this.options.ttlMs });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry.body);
  }
}

/** UTF-16 code units, twice over: close enough to what V8 holds for these strings. */
function sizeOf(key: string, body: string): number {
  return 2 * (key.length + body.length);
}

export const LISTING_CACHE = Symbol.for('vitrina.catalogue.listing-cache');
