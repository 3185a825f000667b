import { Redis } from 'ioredis';

/**
 * Deletes every key matching `pattern` (a Redis glob, e.g. `${prefix}:*`): what a suite or a stack wrote under its own
 * prefix, so CI's Redis does not keep a run's streams, groups and leases behind.
 */
export async function deleteRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
