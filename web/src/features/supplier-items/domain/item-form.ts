import {
  CatalogueLimits,
  formatMinorUnits,
  parseMoneyToMinor,
  type ItemJson,
  type ItemType,
  type ListState,
  type MainType,
  type StockType,
} from '@vitrina/contracts';
import type { SupplierKey } from '../i18n/texts';

/** The catalogue's currency when an item names none (services/catalogue: new items are MXN). */
export const DEFAULT_ITEM_CURRENCY = 'MXN';

/** services/catalogue StockDto bounds. */
export const STOCK_LIMITS = { availableMax: 10_000_000, maxPurchaseMax: 1_000_000 } as const;
/** services/catalogue item.dto IsVariantMap: names up to 50 characters, values up to 200. */
export const VARIANT_LIMITS = { nameMax: 50, valueMax: 200 } as const;

export interface VariantRow {
  key: string;
  value: string;
}

/** What the form edits: money and counts as typed (validated before they become the API's values). */
export interface ItemFormValues {
  name: string;
  type: ItemType;
  main_type: MainType;
  description: string;
  /** First one is the main photo (spec 1 §3: photos; the card shows the first). */
  photos: string[];
  tags: string[];
  list_price: string;
  crossout_price: string;
  contribution_margin: string;
  is_free: boolean;
  hide_price: boolean;
  is_dropshipping: boolean;
  available: string;
  stock_type: StockType;
  max_purchase_amount: string;
  sold_out: boolean;
  variants: VariantRow[];
  /** `datetime-local` text in the supplier's time zone; experiences only. */
  experience_date: string;
  hiden: boolean;
}

export interface FieldError {
  key: SupplierKey;
  params?: Record<string, unknown>;
}

/** Field path (as the form names it: `list_price`, `variants.2.key`) -> its first problem. */
export type ItemFormErrors = Record<string, FieldError>;

export function emptyItemForm(type: ItemType = 'product'): ItemFormValues {
  return {
    name: '',
    type,
    main_type: 'business',
    description: '',
    photos: [],
    tags: [],
    list_price: '',
    crossout_price: '',
    contribution_margin: '',
    is_free: false,
    hide_price: false,
    is_dropshipping: true,
    available: '',
    stock_type: 'onstock',
    max_purchase_amount: '',
    sold_out: false,
    variants: [],
    experience_date: '',
    hiden: false,
  };
}

/** ISO date-time -> `YYYY-MM-DDTHH:mm` in local time (what a datetime-local input shows). */
export function toLocalDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function itemToForm(item: ItemJson): ItemFormValues {
  return {
    name: item.name,
    type: item.type,
    main_type: item.main_type,
    description: item.description,
    photos: [...item.photos],
    tags: [...item.tags],
    list_price: item.is_free ? '' : item.list_price,
    crossout_price: item.crossout_price ?? '',
    contribution_margin: item.is_free || item.contribution_margin_minor === 0 ? '' : item.contribution_margin,
    is_free: item.is_free,
    hide_price: item.hide_price,
    is_dropshipping: item.is_dropshipping,
    available: item.stock.available === null ? '' : String(item.stock.available),
    stock_type: item.stock.stock_type,
    max_purchase_amount: item.stock.max_purchase_amount === null ? '' : String(item.stock.max_purchase_amount),
    sold_out: item.sold_out,
    variants: Object.entries(item.variants).map(([key, value]) => ({ key, value })),
    experience_date: toLocalDateTimeInput(item.experience_date),
    hiden: item.hiden,
  };
}

const INTEGER = /^\d+$/;

/** Tags as the catalogue stores them: trimmed and lower-cased (services/catalogue normaliseTags). */
export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase();
}

/** A variant row that is entirely empty is ignored, not an error. */
function isBlankRow(row: VariantRow): boolean {
  return row.key.trim() === '' && row.value.trim() === '';
}

/**
 * The server's rules, checked before sending (single-field limits of services/catalogue item.dto and the
 * cross-field rules of item.rules): every problem at once, keyed by the field it shows under.
 */
export function validateItemForm(values: ItemFormValues): ItemFormErrors {
  const errors: ItemFormErrors = {};
  const set = (field: string, key: SupplierKey, params?: Record<string, unknown>) => {
    errors[field] ??= params ? { key, params } : { key };
  };

  const name = values.name.trim();
  if (name.length === 0) set('name', 'errors.required');
  else if (name.length > CatalogueLimits.itemNameMax) set('name', 'errors.nameMax', { max: CatalogueLimits.itemNameMax });
  if (values.description.length > CatalogueLimits.itemDescriptionMax) {
    set('description', 'errors.descriptionMax', { max: CatalogueLimits.itemDescriptionMax });
  }

  if (values.photos.length > CatalogueLimits.itemPhotosMax) set('photos', 'errors.photosMax', { max: CatalogueLimits.itemPhotosMax });

  const tags = values.tags.map(normaliseTag);
  if (tags.length > CatalogueLimits.itemTagsMax) set('tags', 'errors.tagsMax', { max: CatalogueLimits.itemTagsMax });
  else if (tags.some((tag) => tag.length > CatalogueLimits.itemTagMax)) set('tags', 'errors.tagMax', { max: CatalogueLimits.itemTagMax });
  else if (new Set(tags).size !== tags.length) set('tags', 'errors.tagsUnique');

  // Money: at most 2 decimals; a free item has no price, crossout nor margin (item.rules), so those are not read.
  if (!values.is_free) {
    const price = values.list_price.trim();
    const priceMinor = price === '' ? undefined : parseMoneyToMinor(price);
    if (price === '') set('list_price', 'errors.priceRequired');
    else if (priceMinor === undefined) set('list_price', 'errors.money');

    const crossout = values.crossout_price.trim();
    if (crossout !== '') {
      const crossoutMinor = parseMoneyToMinor(crossout);
      if (crossoutMinor === undefined) set('crossout_price', 'errors.money');
      // A crossout price is the former, higher price: the card's offer badge shows the saving.
      else if (priceMinor !== undefined && crossoutMinor <= priceMinor) set('crossout_price', 'errors.crossoutAbovePrice');
    }

    const margin = values.contribution_margin.trim();
    if (margin !== '') {
      const marginMinor = parseMoneyToMinor(margin);
      if (marginMinor === undefined) set('contribution_margin', 'errors.money');
      // item.rules: contribution_margin <= list_price.
      else if (priceMinor !== undefined && marginMinor > priceMinor) set('contribution_margin', 'errors.marginAbovePrice');
    }
  }

  const available = values.available.trim();
  if (available !== '') {
    if (!INTEGER.test(available)) set('available', 'errors.integer');
    else if (Number(available) > STOCK_LIMITS.availableMax) set('available', 'errors.availableRange', { max: STOCK_LIMITS.availableMax });
  }
  const maxPurchase = values.max_purchase_amount.trim();
  if (maxPurchase !== '') {
    // item.rules: max_purchase_amount >= 1.
    if (!INTEGER.test(maxPurchase)) set('max_purchase_amount', 'errors.integer');
    else if (Number(maxPurchase) < 1 || Number(maxPurchase) > STOCK_LIMITS.maxPurchaseMax) {
      set('max_purchase_amount', 'errors.maxPurchaseRange', { max: STOCK_LIMITS.maxPurchaseMax });
    }
  }

  const rows = values.variants.map((row, index) => ({ row, index })).filter(({ row }) => !isBlankRow(row));
  if (rows.length > CatalogueLimits.itemVariantsMax) set('variants', 'errors.variantsMax', { max: CatalogueLimits.itemVariantsMax });
  const seen = new Set<string>();
  for (const { row, index } of rows) {
    const key = row.key.trim();
    if (key === '' || key.length > VARIANT_LIMITS.nameMax)
      set(`variants.${index}.key`, 'errors.variantName', { max: VARIANT_LIMITS.nameMax });
    else if (seen.has(key.toLowerCase())) set(`variants.${index}.key`, 'errors.variantDuplicate');
    seen.add(key.toLowerCase());
    if (row.value.trim().length > VARIANT_LIMITS.valueMax)
      set(`variants.${index}.value`, 'errors.variantValue', { max: VARIANT_LIMITS.valueMax });
  }

  // item.rules: only experiences have a date (the field shows for experiences only; other types send null).
  if (values.type === 'experience' && values.experience_date.trim() !== '' && Number.isNaN(new Date(values.experience_date).getTime())) {
    set('experience_date', 'errors.experienceDate');
  }
  return errors;
}

export interface StockBody {
  available: number | null;
  stock_type: StockType;
  max_purchase_amount: number | null;
  sold_out: boolean;
}

/** PATCH body (services/catalogue UpdateItemDto): the type is fixed once created. */
export interface UpdateItemBody {
  name: string;
  main_type: MainType;
  description: string;
  photos: string[];
  tags: string[];
  list_price: string;
  crossout_price: string | null;
  contribution_margin: string;
  is_free: boolean;
  hide_price: boolean;
  is_dropshipping: boolean;
  variants: Record<string, string>;
  stock: StockBody;
  experience_date: string | null;
  hiden: boolean;
}

/** POST body (CreateItemDto): the same plus the type, and the initial state. */
export interface CreateItemBody extends UpdateItemBody {
  type: ItemType;
  list_state: ListState;
}

const money = (text: string): string => formatMinorUnits(parseMoneyToMinor(text.trim()) ?? 0);

/** The API body of valid form values (call validateItemForm first). */
export function toUpdateBody(values: ItemFormValues): UpdateItemBody {
  const crossout = values.crossout_price.trim();
  const margin = values.contribution_margin.trim();
  const variants = Object.fromEntries(values.variants.filter((row) => !isBlankRow(row)).map((row) => [row.key.trim(), row.value.trim()]));
  return {
    name: values.name.trim(),
    main_type: values.main_type,
    description: values.description.trim(),
    photos: [...values.photos],
    tags: [...new Set(values.tags.map(normaliseTag).filter(Boolean))],
    // item.rules: a free item has no price and no margin.
    list_price: values.is_free ? '0.00' : money(values.list_price),
    crossout_price: values.is_free || crossout === '' ? null : money(crossout),
    contribution_margin: values.is_free || margin === '' ? '0.00' : money(margin),
    is_free: values.is_free,
    hide_price: values.hide_price,
    is_dropshipping: values.is_dropshipping,
    variants,
    stock: {
      available: values.available.trim() === '' ? null : Number(values.available.trim()),
      stock_type: values.stock_type,
      max_purchase_amount: values.max_purchase_amount.trim() === '' ? null : Number(values.max_purchase_amount.trim()),
      sold_out: values.sold_out,
    },
    experience_date:
      values.type === 'experience' && values.experience_date.trim() !== '' ? new Date(values.experience_date).toISOString() : null,
    hiden: values.hiden,
  };
}

export function toCreateBody(values: ItemFormValues): CreateItemBody {
  return { ...toUpdateBody(values), type: values.type, list_state: 'unpublished' };
}

/** Server field paths (`stock.available`, `list_price_minor`, `tags.0`) -> the form field they show under. */
const SERVER_FIELDS: Record<string, string> = {
  name: 'name',
  type: 'type',
  main_type: 'main_type',
  description: 'description',
  photos: 'photos',
  tags: 'tags',
  list_price: 'list_price',
  list_price_minor: 'list_price',
  crossout_price: 'crossout_price',
  crossout_price_minor: 'crossout_price',
  contribution_margin: 'contribution_margin',
  contribution_margin_minor: 'contribution_margin',
  variants: 'variants',
  available: 'available',
  'stock.available': 'available',
  stock_type: 'stock_type',
  'stock.stock_type': 'stock_type',
  max_purchase_amount: 'max_purchase_amount',
  'stock.max_purchase_amount': 'max_purchase_amount',
  experience_date: 'experience_date',
};

/**
 * A 400's `fields` as form errors (Spanish per field: the server's messages are for developers); `unplaced`
 * says some field has no place in the form, so the caller shows a notice too.
 */
export function serverFieldErrors(fields: Record<string, string[]> | undefined): { errors: ItemFormErrors; unplaced: boolean } {
  const errors: ItemFormErrors = {};
  let unplaced = false;
  for (const path of Object.keys(fields ?? {})) {
    const field = SERVER_FIELDS[path] ?? SERVER_FIELDS[path.replace(/\.\d+$/, '')];
    if (field) errors[field] ??= { key: `errors.server.${field}` as SupplierKey };
    else unplaced = true;
  }
  return { errors, unplaced };
}
