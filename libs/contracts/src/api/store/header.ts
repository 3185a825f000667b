import { z } from 'zod';
import { HEADER_ACTION_TYPES, HEADER_BUTTON_LABELS, VISIBILITY_TARGETS } from '../../store-shop.js';
import { listOf } from '../list.js';

/** spec 1 §3 'Header', plus the background gradient of the header editor (issue 5). */
export const StoreHeaderSchema = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    description: z.string().nullable(),
    target: z.enum(VISIBILITY_TARGETS),
    action_type: z.enum(HEADER_ACTION_TYPES),
    url: z.string().nullable(),
    product: z.string().nullable(),
    product_supplier: z.string().nullable(),
    button_label: z.enum(HEADER_BUTTON_LABELS).nullable(),
    /** Gradient start and end colours (`#rrggbb`); default RGB(245,248,250). */
    initial_color: z.string(),
    final_color: z.string(),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'StoreHeader' });
export type StoreHeader = z.infer<typeof StoreHeaderSchema>;

export const StoreHeaderListSchema = listOf(StoreHeaderSchema);
export type StoreHeaderList = z.infer<typeof StoreHeaderListSchema>;
