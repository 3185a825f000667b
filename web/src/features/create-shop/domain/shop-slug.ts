import { SHOP_SLUG_PATTERN, StoreLimits } from '@vitrina/contracts';

/** A new shop's name: required, at most 100 characters (spec 1 §5 'Shop name', `POST /store/shops`). */
export const SHOP_NAME_MAX = StoreLimits.shopNameMax;
/** A new shop's slug: 3 to 60 characters (issue 16 'Create a shop'). */
export const SHOP_SLUG_MIN = StoreLimits.slugMin;
export const SHOP_SLUG_MAX = StoreLimits.slugMax;

/**
 * The slug a shop name suggests (the user may still write their own): lowercase, accents stripped, spaces (and runs
 * of them) become one '-', any other character is dropped; no '-' at either end; at most 60 characters.
 * 'Café La Niña 2' -> 'cafe-la-nina-2'.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SHOP_SLUG_MAX)
    .replace(/-+$/, '');
}

/** spec 1 §5 'slug' validator: letters, digits, underscore, hyphen (SHOP_SLUG_PATTERN). */
export type SlugProblem = 'required' | 'chars' | 'tooShort' | 'tooLong';

/** What is wrong with a slug before any request (null: well formed, worth asking the server about). */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length === 0) return 'required';
  if (!SHOP_SLUG_PATTERN.test(slug)) return 'chars';
  if (slug.length < SHOP_SLUG_MIN) return 'tooShort';
  if (slug.length > SHOP_SLUG_MAX) return 'tooLong';
  return null;
}

export type NameProblem = 'required' | 'tooLong';

/** spec 1 §5: the shop name is required; at most 100 characters. */
export function nameProblem(name: string): NameProblem | null {
  const text = name.trim();
  if (text.length === 0) return 'required';
  if (text.length > SHOP_NAME_MAX) return 'tooLong';
  return null;
}

/** The shop's future address: `{origin}/tienda/{slug}`. */
export function shopAddress(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/tienda/${slug}`;
}
