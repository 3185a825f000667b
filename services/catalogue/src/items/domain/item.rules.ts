import { CatalogueLimits, type ItemType, type ListState, type MainType, type ReturnInfo, type StockType } from '@vitrina/contracts';
import { DomainError, ValidationError } from '@vitrina/platform';

/** An item's state as the rules see it (money in minor units). */
export interface ItemDraft {
  type: ItemType;
  mainType: MainType;
  name: string;
  description: string;
  tags: string[];
  photos: string[];
  listPriceMinor: number;
  crossoutPriceMinor: number | null;
  currency: string;
  hidePrice: boolean;
  isFree: boolean;
  isDropshipping: boolean;
  contributionMarginMinor: number;
  variants: Record<string, string>;
  available: number | null;
  stockType: StockType;
  maxPurchaseAmount: number | null;
  soldOut: boolean;
  experienceDate: Date | null;
  listState: ListState;
  hidden: boolean;
  queuePosition: number;
  categoryIds: string[];
  returnInfo: ReturnInfo | null;
}

/**
 * Rules that span fields (single-field limits are the DTOs'). Throws one ValidationError naming every
 * offending field, so the supplier's form can show them all at once.
 */
export function checkItem(draft: ItemDraft): void {
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);

  if (draft.name.trim().length === 0) add('name', 'name is required');
  if (draft.isFree && draft.listPriceMinor !== 0) add('list_price', 'a free item has no price');
  if (!draft.isFree && draft.contributionMarginMinor > draft.listPriceMinor) {
    add('contribution_margin', 'contribution_margin cannot exceed list_price');
  }
  if (draft.isFree && draft.contributionMarginMinor !== 0) add('contribution_margin', 'a free item has no contribution margin');
  if (draft.experienceDate && draft.type !== 'experience') add('experience_date', 'only experiences have a date');
  if (draft.maxPurchaseAmount !== null && draft.maxPurchaseAmount < 1) add('max_purchase_amount', 'must be at least 1');
  if (draft.available !== null && draft.available < 0) add('available', 'cannot be negative');
  if (Object.keys(draft.variants).length > CatalogueLimits.itemVariantsMax) {
    add('variants', `at most ${CatalogueLimits.itemVariantsMax} variants`);
  }
  if (new Set(draft.tags).size !== draft.tags.length) add('tags', 'tags must be unique');
  if (Object.keys(fields).length > 0) {
    const [first] = Object.entries(fields);
    throw new ValidationError(`${first[0]}: ${first[1][0]}`, fields);
  }
}

/** spec 1 §4: an experience whose date has passed is concluded. */
/**
 * Stock held by open checkouts cannot be taken away: a new `available` below `reserved` answers 409
 * `stock_below_reserved` with `{ reserved }` (the database's CHECK would refuse it anyway, as a 500).
 */
export function checkStockCoversReserved(draft: Pick<ItemDraft, 'available'>, reserved: number): void {
  if (draft.available === null || draft.available >= reserved) return;
  const err = new DomainError(
    'stock_below_reserved',
    `${reserved} units are held by open checkouts; available cannot go below that until they are paid or released`,
    409,
  );
  err.details = { reserved };
  throw err;
}

export function isConcluded(type: string, experienceDate: Date | null, now: Date): boolean {
  return type === 'experience' && experienceDate !== null && experienceDate.getTime() <= now.getTime();
}

/** Whether a shop's public listings show the item: published and not hidden (spec 1 §2 'Listings'). */
export function isListed(listState: string, hidden: boolean): boolean {
  return listState === 'published' && !hidden;
}

/** Tags are compared in lower case; stored trimmed and lower-cased, duplicates removed. */
export function normaliseTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}
