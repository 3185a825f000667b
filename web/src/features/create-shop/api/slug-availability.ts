import type { SlugAvailability } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** GET /api/store/shops/slug-availability?slug= (spec 1 §8 'Slug check'): available, or why not (taken, reserved). */
export function checkSlugAvailability(slug: string, signal?: AbortSignal): Promise<SlugAvailability> {
  return unwrap(api.GET('/api/store/shops/slug-availability', { params: { query: { slug } }, signal }));
}

export function slugAvailabilityQueryOptions(slug: string) {
  return queryOptions({
    // Slugs compare case-insensitively: 'Cafe' and 'cafe' are one answer.
    queryKey: ['create-shop', 'slug-availability', slug.toLowerCase()],
    queryFn: ({ signal }) => checkSlugAvailability(slug, signal),
    staleTime: 10_000,
    retry: false,
  });
}

/** Asks only when `enabled` (a well-formed slug the user stopped typing). */
export function useSlugAvailability(slug: string, enabled: boolean) {
  return useQuery({ ...slugAvailabilityQueryOptions(slug), enabled });
}
