import type { HeaderActionType, HeaderButtonLabel, StoreHeader, VisibilityTarget } from '@vitrina/contracts';
import type { headers } from '../db/schema.js';

export type HeaderRow = typeof headers.$inferSelect;

export function toHeaderJson(row: HeaderRow): StoreHeader {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    target: row.target as VisibilityTarget,
    action_type: row.actionType as HeaderActionType,
    url: row.url,
    product: row.product,
    product_supplier: row.productSupplier,
    button_label: row.buttonLabel as HeaderButtonLabel | null,
    initial_color: row.initialColor,
    final_color: row.finalColor,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
