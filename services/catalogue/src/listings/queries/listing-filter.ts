import { CatalogueLimits, ErrorCodes, ITEM_TYPES, type ItemType } from '@vitrina/contracts';
import { DomainError } from '@vitrina/platform';

/** What a listing's `filter` string asks for (spec 1 §5 'Search filter syntax'). */
export interface ListingFilterTokens {
  /** Free words, matched like `text` (word prefixes of name, tags and description). */
  words: string[];
  type?: ItemType;
  supplier?: string;
  category?: string;
  /** Items with any of these tags, like the `tags` parameter. */
  tags: string[];
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const KEYS = ['type', 'supplier', 'dssupplier', 'tag', 'category'] as const;
type Key = (typeof KEYS)[number];
/** Same bounds as the `tags` parameter. */
const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 40;

function invalid(why: string): DomainError {
  return new DomainError(ErrorCodes.invalidFilter, `Filtro no válido: ${why}`, 400, { filter: [why] });
}

/**
 * Parses the spec's filter syntax: words separated by spaces; a word with a colon is a `key:value` token with key
 * `type` (an item type), `supplier` or its alias `dssupplier` (an id), `category` (an id) or `tag` (repeatable, up
 * to 10: items with any of them); every other word is free text. An unknown key, an empty key or value, a bad value
 * or two different values for a single-valued key answer 400 `invalid_filter`, never a guess.
 */
export function parseListingFilter(raw: string | undefined): ListingFilterTokens {
  const out: ListingFilterTokens = { words: [], tags: [] };
  if (!raw) return out;
  if (raw.length > CatalogueLimits.listingFilterMax) throw invalid(`a lo más ${CatalogueLimits.listingFilterMax} caracteres`);
  const tokens = raw.split(/\s+/u).filter(Boolean);
  if (tokens.length > CatalogueLimits.listingFilterTokensMax)
    throw invalid(`a lo más ${CatalogueLimits.listingFilterTokensMax} palabras y filtros`);
  const single = (key: 'type' | 'supplier' | 'category', value: string) => {
    const previous = out[key];
    if (previous !== undefined && previous !== value) throw invalid(`'${key}' aparece dos veces con valores distintos`);
  };
  for (const token of tokens) {
    const colon = token.indexOf(':');
    if (colon < 0) {
      out.words.push(token);
      continue;
    }
    const key = token.slice(0, colon).toLowerCase();
    const value = token.slice(colon + 1);
    if (!key) throw invalid(`'${clip(token)}' no tiene clave (usa type:, supplier:, dssupplier:, tag: o category:)`);
    if (!(KEYS as readonly string[]).includes(key))
      throw invalid(`clave desconocida '${clip(key)}' (usa type, supplier, dssupplier, tag o category)`);
    if (!value) throw invalid(`'${key}:' necesita un valor`);
    switch (key as Key) {
      case 'type':
        if (!(ITEM_TYPES as readonly string[]).includes(value)) throw invalid(`type debe ser uno de ${ITEM_TYPES.join(', ')}`);
        single('type', value);
        out.type = value as ItemType;
        break;
      case 'supplier':
      case 'dssupplier':
        if (!ID.test(value)) throw invalid(`${key} debe ser un id (letras, dígitos, _ y -)`);
        single('supplier', value);
        out.supplier = value;
        break;
      case 'category':
        if (!ID.test(value)) throw invalid('category debe ser un id (letras, dígitos, _ y -)');
        single('category', value);
        out.category = value;
        break;
      case 'tag': {
        const tag = value.toLowerCase();
        if (tag.length > MAX_TAG_LENGTH || tag.includes(':'))
          throw invalid(`una etiqueta tiene a lo más ${MAX_TAG_LENGTH} caracteres y ningún ':'`);
        if (!out.tags.includes(tag)) out.tags.push(tag);
        if (out.tags.length > MAX_TAGS) throw invalid(`a lo más ${MAX_TAGS} etiquetas`);
        break;
      }
    }
  }
  return out;
}

/** An echo of the caller's input in a message, bounded. */
function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
