import type { ItemType } from './catalogue-items.js';

/**
 * Fixed ids of the demo items (docs/architecture.md §2 demo world), so the catalogue seeds the items and the
 * store seeds which shops show them without either reading the other's tables. The catalogue's seed
 * gives each ref its name, prices and photos, in this order.
 */
export interface DemoItemRef {
  id: string;
  supplier: 'supplierA' | 'supplierB';
  type: ItemType;
  /** Dropshipping items can be resold by other shops (resellers earn a commission). */
  dropshipping: boolean;
}

const PLAN: Array<[DemoItemRef['supplier'], ItemType, number]> = [
  ['supplierA', 'product', 24],
  ['supplierA', 'service', 4],
  ['supplierA', 'experience', 5],
  ['supplierA', 'digital', 4],
  ['supplierB', 'product', 18],
  ['supplierB', 'service', 3],
  ['supplierB', 'experience', 3],
  ['supplierB', 'digital', 3],
];

/** `01930000-0000-7000-8001-00000000NNNN`, NNNN the 1-based position. */
export function demoItemId(n: number): string {
  return `01930000-0000-7000-8001-${n.toString().padStart(12, '0')}`;
}

export const DEMO_ITEMS: readonly DemoItemRef[] = (() => {
  const refs: DemoItemRef[] = [];
  for (const [supplier, type, count] of PLAN) {
    for (let i = 0; i < count; i++) {
      const n = refs.length + 1;
      // Every fifth item is not for resale: it shows 'not for resale' on resellers' cards.
      refs.push({ id: demoItemId(n), supplier, type, dropshipping: n % 5 !== 0 });
    }
  }
  return refs;
})();

/** Demo categories (the catalogue seeds their names). */
export function demoCategoryId(n: number): string {
  return `01930000-0000-7000-8002-${n.toString().padStart(12, '0')}`;
}

/** Demo custom catalogues. */
export function demoCatalogueId(n: number): string {
  return `01930000-0000-7000-8003-${n.toString().padStart(12, '0')}`;
}

/**
 * Benchmark world (issue 4 bench: 10k items across 50 shops), seeded at start when SEED_BENCH_ITEMS is set
 * (SEED_BENCH_SHOPS, default 50). Deterministic ids, so the catalogue seeds the items and the store seeds
 * the shops and which items they show, each on its own. Item n (1-based) belongs to supplier
 * ((n-1) % BENCH_SUPPLIERS) + 1 and is shown by shop ((n-1) % shops) + 1.
 */
export const BENCH_SUPPLIERS = 10;

const benchId = (family: number, n: number) => `01930000-0000-7000-${(8003 + family).toString()}-${n.toString().padStart(12, '0')}`;
export const benchItemId = (n: number): string => benchId(1, n);
export const benchShopId = (n: number): string => benchId(2, n);
export const benchSupplierId = (n: number): string => benchId(3, n);
export const benchShopOwnerId = (n: number): string => benchId(4, n);
export const benchShopSlug = (n: number): string => `bench-${n.toString().padStart(2, '0')}`;
/**
 * Benchmark shoppers (the cart benchmarks sign in as many users in turn): seeded by accounts when SEED_BENCH_SHOPPERS
 * is set, active, with DEMO.password.
 */
export const benchShopperId = (n: number): string => benchId(5, n);
export const benchShopperEmail = (n: number): string => `comprador.${n.toString().padStart(3, '0')}@bench.vitrina.local`;
/** The benchmark suppliers as users (seeded with the shoppers): the order benchmarks sign them in to move orders. */
export const benchSupplierEmail = (n: number): string => `proveedor.${n.toString().padStart(2, '0')}@bench.vitrina.local`;

/**
 * The benchmark people seeded with SEED_BENCH_SHOPPERS = `shoppers`: the shoppers, then the BENCH_SUPPLIERS suppliers.
 * Accounts seeds them as users, messaging as names in its inbox (each on its own, from this list).
 */
export function benchPeople(shoppers: number): { id: string; email: string; name: string }[] {
  return [
    ...Array.from({ length: shoppers }, (_, i) => ({
      id: benchShopperId(i + 1),
      email: benchShopperEmail(i + 1),
      name: `Comprador ${i + 1}`,
    })),
    ...Array.from({ length: BENCH_SUPPLIERS }, (_, i) => ({
      id: benchSupplierId(i + 1),
      email: benchSupplierEmail(i + 1),
      name: `Proveedor ${i + 1}`,
    })),
  ];
}

export function benchSupplierOfItem(n: number): number {
  return ((n - 1) % BENCH_SUPPLIERS) + 1;
}

export function benchShopOfItem(n: number, shops: number): number {
  return ((n - 1) % shops) + 1;
}

/** 60% products, 15% services, 15% experiences, 10% digital. */
export function benchItemType(n: number): ItemType {
  const r = n % 20;
  return r < 12 ? 'product' : r < 15 ? 'service' : r < 18 ? 'experience' : 'digital';
}
