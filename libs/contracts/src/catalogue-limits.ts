/** Business constants and limits of the catalogue (spec 1 §5, §9). One source for web and services. */
export const CatalogueLimits = {
  /** Products listing page size (spec 1 §9: products 36 per page by default). */
  productsPageSize: 36,
  /** Services listing page size (spec 1 §9: 18 for services). Experiences use it too. */
  servicesPageSize: 18,
  /** Products in the add-products modal and the shop-home listing. */
  modalProductsPageSize: 10,
  /** Type-ahead suggestions (spec 1 §9: n_suggestions default 5). */
  suggestions: 5,
  /** Category type-ahead / list (spec 1 §9). */
  categories: 15,
  /** Supplier type-ahead / list (spec 1 §9). */
  suppliers: 10,
  /** Supplier search in the add-products modal (spec 1 §9: franchises and supplier search 30). */
  supplierSearch: 30,
  /** Catalogue page size (spec 1 §9: 30, 50 in some lists). */
  cataloguesPageSize: 30,
  /** Default catalogue limit (spec 1 §9). */
  cataloguesDefaultLimit: 5,
  /** Catalogue search by name (spec 1 §9). */
  catalogueSearch: 10,
  /** Catalogues on the catalogue home (spec 1 §9). */
  cataloguesHome: 20,
  /** Catalogues in the footer (spec 1 §2). */
  footerCatalogues: 5,
  /** Products per catalogue page (spec 1 §7: offset=(page-1)*30, limit 30). */
  catalogueProductsPageSize: 30,
  /** Catalogue name (spec 1 §5). */
  catalogueNameMax: 150,
  /** A catalogue name is cut at this length for sharing (spec 1 §5, §9). */
  shareNameMax: 100,
  /** Item name. */
  itemNameMax: 150,
  itemDescriptionMax: 5000,
  itemTagsMax: 20,
  itemTagMax: 40,
  itemPhotosMax: 10,
  itemVariantsMax: 30,
  /** The `filter` of a listing (spec 1 §5 'Search filter syntax'): characters, and words plus `key:value` tokens. */
  listingFilterMax: 200,
  listingFilterTokensMax: 16,
  /** check_at_least of the modal lists (spec 1 §9). */
  checkAtLeast: 1000,
} as const;

/** Default page size of a shop listing by item type (spec 1 §9). */
export const LISTING_PAGE_SIZE: Record<'product' | 'service' | 'experience' | 'digital', number> = {
  product: CatalogueLimits.productsPageSize,
  digital: CatalogueLimits.productsPageSize,
  service: CatalogueLimits.servicesPageSize,
  experience: CatalogueLimits.servicesPageSize,
};
