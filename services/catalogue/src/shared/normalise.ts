/**
 * Text as the search columns hold it: lower case, accents folded (é -> e, ñ -> n), anything that is not a
 * letter or a digit turned into one space. Done here rather than with `unaccent`, so PGlite and PostgreSQL
 * index and query exactly the same words.
 */
export function normaliseText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A URL-safe slug (spec 1 §5 slug validator: letters, digits, underscore, hyphen). */
export function slugify(value: string, max = 80): string {
  const slug = normaliseText(value).replace(/\s+/g, '-').slice(0, max).replace(/-+$/g, '');
  return slug || 'item';
}

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * The prefix query for `to_tsquery('simple', ...)`: every word of the text must start a word of the
 * item (`caf alt` -> `caf:* & alt:*`). Terms hold only letters and digits after normalisation, so the
 * text can never inject tsquery syntax. Undefined when nothing searchable is left.
 */
export function prefixTsQuery(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const terms = normaliseText(text)
    .split(' ')
    .filter(Boolean)
    .slice(0, MAX_TERMS)
    .map((t) => t.slice(0, MAX_TERM_LENGTH));
  if (terms.length === 0) return undefined;
  return terms.map((t) => `${t}:*`).join(' & ');
}

/**
 * True for a search text with characters but no word to look for (`!!!`, `¿?`): it matches nothing. Without this
 * check such a text left no condition behind and searched for everything.
 */
export function wordlessText(text: string | undefined): boolean {
  return !!text && text.trim() !== '' && prefixTsQuery(text) === undefined;
}
