import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** Why a slug is not available: another shop has it, or the platform keeps it (admin, api, tienda...). */
export type SlugUnavailableReason = 'taken' | 'reserved';

export interface SlugAvailability {
  slug: string;
  available: boolean;
  /** null (or absent from older answers) when available. */
  reason?: SlugUnavailableReason | null;
}

/** GET /api/store/shops/slug-availability?slug= (spec 1 §8 'Slug check'). */
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
