/**
 * A cart line's variant (issue 11 H8: 'Agregar al carrito' with the chosen variant). An item's `variants` map a name
 * to a value (spec 1 §3); a value listing options ("S, M, L") offers a choice. A line is (cart, item, variant): the
 * chosen option per name that offers a choice. One source for the server's validation and the web's local cart, so
 * both compute the same `line_id`.
 */

export type CartVariant = Record<string, string>;

/** Limits of a variant as the cart calls take it (beyond them: 400 `invalid_variant`). */
export const CartVariantLimits = { namesMax: 20, textMax: 200 } as const;

/** The options a variant value lists ("S, M, L"); one option or none means nothing to choose. */
export function variantOptions(value: string): string[] {
  return value
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
}

/** The names that offer a choice, with their options. */
export function variantChoices(variants: CartVariant): Map<string, string[]> {
  const choices = new Map<string, string[]>();
  for (const [name, value] of Object.entries(variants)) {
    const options = typeof value === 'string' ? variantOptions(value) : [];
    if (options.length > 1) choices.set(name, options);
  }
  return choices;
}

/** The variant with its names sorted (code-unit order, the same in every runtime). */
export function canonicalVariant(variant: CartVariant): CartVariant {
  return Object.fromEntries(Object.entries(variant).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The stored key of a variant: '' for none, else the canonical JSON. */
export function variantKey(variant: CartVariant): string {
  const canonical = canonicalVariant(variant);
  return Object.keys(canonical).length === 0 ? '' : JSON.stringify(canonical);
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/**
 * A line's stable, URL-safe id: the item id alone for a line without a variant (so the item routes address it),
 * else `{item_id}.{base64url(canonical variant)}`. Base64url has no '.', so the last '.' separates the two.
 */
export function cartLineId(itemId: string, variant: CartVariant = {}): string {
  const key = variantKey(variant);
  return key === '' ? itemId : `${itemId}.${toBase64Url(key)}`;
}

/** The item and variant a line id names; undefined when it is not one (a damaged or foreign id). */
export function parseCartLineId(lineId: string): { itemId: string; variant: CartVariant } | undefined {
  const dot = lineId.lastIndexOf('.');
  if (dot < 0) return lineId ? { itemId: lineId, variant: {} } : undefined;
  const itemId = lineId.slice(0, dot);
  const json = fromBase64Url(lineId.slice(dot + 1));
  if (!itemId || json === undefined) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    if (!isVariantShape(value) || Object.keys(value).length === 0) return undefined;
    return { itemId, variant: canonicalVariant(value) };
  } catch {
    return undefined;
  }
}

/** A plain object of strings within the limits. */
export function isVariantShape(value: unknown): value is CartVariant {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= CartVariantLimits.namesMax &&
    entries.every(
      ([name, option]) =>
        typeof option === 'string' && name.length <= CartVariantLimits.textMax && option.length <= CartVariantLimits.textMax,
    )
  );
}

/**
 * The line's variant for an item: every name that offers a choice with the option given, or its first option when
 * none is given (the item page's default). A name the item does not have, or an option its value does not list, is
 * refused (undefined). A name with a single value may be repeated with that value; it is not part of the line.
 */
export function resolveVariant(itemVariants: CartVariant, given: unknown = {}): CartVariant | undefined {
  if (given === undefined || given === null) given = {};
  if (!isVariantShape(given)) return undefined;
  const choices = variantChoices(itemVariants);
  for (const [name, option] of Object.entries(given)) {
    const options = choices.get(name);
    if (options) {
      if (!options.includes(option.trim())) return undefined;
    } else if (!Object.hasOwn(itemVariants, name) || variantOptions(itemVariants[name] ?? '').join(', ') !== option.trim()) {
      return undefined;
    }
  }
  const chosen = given;
  return canonicalVariant(Object.fromEntries([...choices].map(([name, options]) => [name, chosen[name]?.trim() ?? options.at(0) ?? ''])));
}
