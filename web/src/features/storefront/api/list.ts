import type { ListResponse } from '@vitrina/contracts';

/** A list answer with its documented shape guaranteed: `results` an array, `matches_estimated` a count. */
export function toList<T>(raw: Partial<ListResponse<T>> | null | undefined): ListResponse<T> {
  const results = Array.isArray(raw?.results) ? raw.results : [];
  const matches = typeof raw?.matches_estimated === 'number' ? raw.matches_estimated : results.length;
  return { results, matches_estimated: Math.max(matches, results.length) };
}
