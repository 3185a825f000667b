import { parseMoneyToMinor, type ItemType, type ListState, type MainType, type ReturnInfo, type StockType } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';
import { normaliseTags, type ItemDraft } from '../domain/item.rules.js';
import type { ItemRow } from '../item.repository.js';
import type { ItemFieldsDto } from '../http/item.dto.js';

/** What create and update accept: the DTO fields, plus name/type/list_state on create. */
export type ItemInput = ItemFieldsDto & { name?: string; type?: ItemType; list_state?: ListState };

export const EMPTY_DRAFT: Omit<ItemDraft, 'type' | 'name'> = {
  mainType: 'business',
  description: '',
  tags: [],
  photos: [],
  listPriceMinor: 0,
  crossoutPriceMinor: null,
  currency: 'MXN',
  hidePrice: false,
  isFree: false,
  isDropshipping: false,
  contributionMarginMinor: 0,
  variants: {},
  available: null,
  stockType: 'onstock',
  maxPurchaseAmount: null,
  soldOut: false,
  experienceDate: null,
  listState: 'unpublished',
  hidden: false,
  queuePosition: 0,
  categoryIds: [],
  returnInfo: null,
};

export function draftOf(row: ItemRow): ItemDraft {
  return {
    type: row.type as ItemType,
    mainType: row.mainType as MainType,
    name: row.name,
    description: row.description,
    tags: row.tags,
    photos: row.photos,
    listPriceMinor: row.listPriceMinor,
    crossoutPriceMinor: row.crossoutPriceMinor,
    currency: row.currency,
    hidePrice: row.hidePrice,
    isFree: row.isFree,
    isDropshipping: row.isDropshipping,
    contributionMarginMinor: row.contributionMarginMinor,
    variants: row.variants,
    available: row.available,
    stockType: row.stockType as StockType,
    maxPurchaseAmount: row.maxPurchaseAmount,
    soldOut: row.soldOut,
    experienceDate: row.experienceDate,
    listState: row.listState as ListState,
    hidden: row.hidden,
    queuePosition: row.queuePosition,
    categoryIds: row.categoryIds,
    returnInfo: (row.returnInfo as ReturnInfo | null) ?? null,
  };
}

/** A price given as `field` ("199.00") and/or `field_minor` (19900): both must agree. */
function money(field: string, decimal: string | null | undefined, minor: number | null | undefined): number | null | undefined {
  const fromDecimal = decimal === undefined ? undefined : decimal === null ? null : parseMoneyToMinor(decimal);
  if (decimal !== undefined && decimal !== null && fromDecimal === undefined) {
    throw new ValidationError(`${field}: not an amount`, { [field]: ['must be an amount with at most 2 decimals'] });
  }
  if (fromDecimal !== undefined && minor !== undefined && fromDecimal !== minor) {
    throw new ValidationError(`${field} and ${field}_minor disagree`, { [field]: [`${field} and ${field}_minor disagree`] });
  }
  return fromDecimal !== undefined ? fromDecimal : minor;
}

/** Applies the given fields over `base` (absent fields keep their value; null clears nullable ones). */
export function applyInput(base: ItemDraft, input: ItemInput): { draft: ItemDraft; stockChanged: boolean } {
  const listPrice = money('list_price', input.list_price, input.list_price_minor);
  const crossout = money('crossout_price', input.crossout_price, input.crossout_price_minor);
  const margin = money('contribution_margin', input.contribution_margin, input.contribution_margin_minor);
  const stock = input.stock;
  const draft: ItemDraft = {
    ...base,
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.main_type !== undefined ? { mainType: input.main_type } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.tags !== undefined ? { tags: normaliseTags(input.tags) } : {}),
    ...(input.photos !== undefined ? { photos: input.photos } : {}),
    ...(listPrice !== undefined && listPrice !== null ? { listPriceMinor: listPrice } : {}),
    ...(crossout !== undefined ? { crossoutPriceMinor: crossout } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.hide_price !== undefined ? { hidePrice: input.hide_price } : {}),
    ...(input.is_free !== undefined ? { isFree: input.is_free } : {}),
    ...(input.is_dropshipping !== undefined ? { isDropshipping: input.is_dropshipping } : {}),
    ...(margin !== undefined && margin !== null ? { contributionMarginMinor: margin } : {}),
    ...(input.variants !== undefined ? { variants: input.variants } : {}),
    ...(stock?.available !== undefined ? { available: stock.available } : {}),
    ...(stock?.stock_type !== undefined ? { stockType: stock.stock_type } : {}),
    ...(stock?.max_purchase_amount !== undefined ? { maxPurchaseAmount: stock.max_purchase_amount } : {}),
    ...(stock?.sold_out !== undefined ? { soldOut: stock.sold_out } : {}),
    ...(input.experience_date !== undefined
      ? { experienceDate: input.experience_date === null ? null : new Date(input.experience_date) }
      : {}),
    ...(input.list_state !== undefined ? { listState: input.list_state } : {}),
    ...(input.hiden !== undefined ? { hidden: input.hiden } : {}),
    ...(input.queue_position !== undefined ? { queuePosition: input.queue_position } : {}),
    ...(input.category_ids !== undefined ? { categoryIds: [...new Set(input.category_ids)] } : {}),
    ...(input.return_info !== undefined ? { returnInfo: input.return_info === null ? null : structuredClone(input.return_info) } : {}),
  };
  // A free item's price is zero (spec 1 §2: free items show 'Gratis'); saying is_free without a price is enough.
  if (input.is_free === true && listPrice === undefined) draft.listPriceMinor = 0;
  if (input.is_free === true && margin === undefined) draft.contributionMarginMinor = 0;
  const stockChanged =
    draft.available !== base.available ||
    draft.stockType !== base.stockType ||
    draft.maxPurchaseAmount !== base.maxPurchaseAmount ||
    draft.soldOut !== base.soldOut;
  return { draft, stockChanged };
}

/** Column values of a draft. */
export function draftColumns(d: ItemDraft) {
  return {
    type: d.type,
    mainType: d.mainType,
    name: d.name,
    description: d.description,
    tags: d.tags,
    photos: d.photos,
    listPriceMinor: d.listPriceMinor,
    crossoutPriceMinor: d.crossoutPriceMinor,
    currency: d.currency,
    hidePrice: d.hidePrice,
    isFree: d.isFree,
    isDropshipping: d.isDropshipping,
    contributionMarginMinor: d.contributionMarginMinor,
    variants: d.variants,
    available: d.available,
    stockType: d.stockType,
    maxPurchaseAmount: d.maxPurchaseAmount,
    soldOut: d.soldOut,
    experienceDate: d.experienceDate,
    listState: d.listState,
    hidden: d.hidden,
    queuePosition: d.queuePosition,
    categoryIds: d.categoryIds,
    returnInfo: d.returnInfo,
  };
}
