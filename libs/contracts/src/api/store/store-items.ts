import { z } from 'zod';
import { ITEM_TYPES, LIST_STATES } from '../../catalogue-items.js';
import { listOf } from '../list.js';

/**
 * An item in the owner's store, with what the store knows of it from the catalogue's events (details come from the
 * catalogue listing). `type`, `owner`, `list_state` are null while the store has not heard of the item.
 */
export const StoreItemSchema = z
  .strictObject({
    id: z.string(),
    type: z.enum(ITEM_TYPES).nullable(),
    owner: z.string().nullable(),
    list_state: z.enum(LIST_STATES).nullable(),
    /** The spec's spelling. */
    hiden: z.boolean(),
    added_at: z.string(),
  })
  .meta({ id: 'StoreItem' });
export type StoreItem = z.infer<typeof StoreItemSchema>;

export const StoreItemListSchema = listOf(StoreItemSchema);
export type StoreItemList = z.infer<typeof StoreItemListSchema>;

/** spec 1 §7 'Check products in store' (and franchises in store): each asked id -> whether it is in the store. */
export const InStoreFlagsSchema = z.strictObject({ results: z.record(z.string(), z.boolean()) }).meta({ id: 'InStoreFlags' });
export type InStoreFlags = z.infer<typeof InStoreFlagsSchema>;

/** The answer of putting one item or franchise in the store. */
export const InStoreAddedSchema = z.strictObject({ id: z.string(), in_store: z.literal(true) }).meta({ id: 'InStoreAdded' });
export type InStoreAdded = z.infer<typeof InStoreAddedSchema>;
