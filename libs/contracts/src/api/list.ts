import { z } from 'zod';

/**
 * Every list answer (spec: `results`, `matches_estimated`) as a zod schema: `listOf(BannerSchema)`.
 * The list itself stays inline in the OpenAPI; its items are the named component of `item`.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), matches_estimated: z.number().int() });
}
