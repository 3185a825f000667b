import { ApiError, isApiError } from '@/api/client';
import { slugProblem, suggestSlug } from '../domain/shop-slug';
import { createShop, type CreatedShop } from './create-shop';
import { checkSlugAvailability } from './slug-availability';

export interface InstantShopDeps {
  create?: typeof createShop;
  check?: typeof checkSlugAvailability;
  /** A short random suffix for a taken slug (tests pass a fixed one). */
  suffix?: () => string;
}

const randomSuffix = () => String(Math.floor(1000 + Math.random() * 9000));

/**
 * 'Create store now' (spec 2 §2, issue 16): the shop of a user who just signed up from it, without the form. The name
 * is the one given (e.g. 'Tienda de Ana'); the slug is the name's, or with a short number when that one is taken,
 * tried a few times (a slug taken between the check and the creation is tried again too). Throws the last refusal.
 */
export async function createInstantShop(name: string, deps: InstantShopDeps = {}): Promise<CreatedShop> {
  const create = deps.create ?? createShop;
  const check = deps.check ?? checkSlugAvailability;
  const suffix = deps.suffix ?? randomSuffix;
  const base = (suggestSlug(name) || 'mi-tienda').slice(0, 50).replace(/-+$/, '');
  let last: unknown = new ApiError(409, 'slug_taken', 'No free address was found');
  for (let i = 0; i < 5; i++) {
    const slug = i === 0 && slugProblem(base) === null ? base : `${base.length >= 3 ? base : 'tienda'}-${suffix()}`;
    const availability = await check(slug);
    if (!availability.available) continue;
    try {
      return await create({ name, slug, store_type: 'others' });
    } catch (error) {
      last = error;
      if (isApiError(error) && (error.code === 'slug_taken' || error.code === 'slug_reserved')) continue;
      throw error;
    }
  }
  throw last;
}
