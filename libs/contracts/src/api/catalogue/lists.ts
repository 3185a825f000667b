import type { z } from 'zod';
import { listOf } from '../list.js';
import { CatalogueSchema } from './catalogue.js';
import { CatalogueCategorySchema, CatalogueSupplierSchema } from './directory.js';
import { CatalogueItemSchema, CatalogueItemSuggestionSchema, PickerItemSchema } from './item.js';

/** The catalogue's list answers (`{ results, matches_estimated }`), one schema and type each. */
export const CatalogueItemListSchema = listOf(CatalogueItemSchema);
export type CatalogueItemList = z.infer<typeof CatalogueItemListSchema>;
export const PickerItemListSchema = listOf(PickerItemSchema);
export type PickerItemList = z.infer<typeof PickerItemListSchema>;
export const CatalogueItemSuggestionListSchema = listOf(CatalogueItemSuggestionSchema);
export type CatalogueItemSuggestionList = z.infer<typeof CatalogueItemSuggestionListSchema>;
export const CatalogueListSchema = listOf(CatalogueSchema);
export type CatalogueList = z.infer<typeof CatalogueListSchema>;
export const CatalogueSupplierListSchema = listOf(CatalogueSupplierSchema);
export type CatalogueSupplierList = z.infer<typeof CatalogueSupplierListSchema>;
export const CatalogueCategoryListSchema = listOf(CatalogueCategorySchema);
export type CatalogueCategoryList = z.infer<typeof CatalogueCategoryListSchema>;
