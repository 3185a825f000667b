/** Query keys of the supplier's items: one root, so a write refreshes every list and the item. */
export const supplierItemsKeys = {
  all: (ownerId: string) => ['supplier-items', ownerId] as const,
  list: (ownerId: string, filters: object) => ['supplier-items', ownerId, 'list', filters] as const,
  item: (ownerId: string, itemId: string) => ['supplier-items', ownerId, 'item', itemId] as const,
};
