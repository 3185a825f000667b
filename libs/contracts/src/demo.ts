/**
 * Fixed ids of the demo world seeded on first embedded start (docs/architecture.md §2). Each service seeds
 * its own part idempotently with these ids, so no service reads another's tables to seed.
 */
export const DEMO = {
  users: {
    /** Owner of shop `demo` (theme 03), level 2. */
    demoOwner: { id: '01930000-0000-7000-8000-000000000001', email: 'demo@vitrina.local', name: 'Daniela Demo' },
    /** Supplier A (dssupplier) with most of the items; owner of the franchise shop. */
    supplierA: { id: '01930000-0000-7000-8000-000000000002', email: 'proveedor.a@vitrina.local', name: 'Artesanías del Sol' },
    /** Supplier B. */
    supplierB: { id: '01930000-0000-7000-8000-000000000003', email: 'proveedor.b@vitrina.local', name: 'Café de Altura' },
    /** Reseller with a store (level 2) whose shop has a root affinity store. */
    reseller: { id: '01930000-0000-7000-8000-000000000004', email: 'revendedor@vitrina.local', name: 'Rita Reventa' },
    /** Entrepreneur without a store (level 1). */
    entrepreneur: { id: '01930000-0000-7000-8000-000000000005', email: 'emprendedor@vitrina.local', name: 'Ernesto Emprende' },
    /** Registered customer (level 0). */
    customer: { id: '01930000-0000-7000-8000-000000000006', email: 'cliente@vitrina.local', name: 'Carla Cliente' },
    /** A second shop owner (for tenant-isolation checks). */
    otherOwner: { id: '01930000-0000-7000-8000-000000000007', email: 'otra@vitrina.local', name: 'Olga Otra' },
  },
  /** Password of every demo user (printed by the launcher). */
  password: 'Vitrina2026!',
  shops: {
    demo: { id: '01930000-0000-7000-8000-000000000101', slug: 'demo' },
    franchise: { id: '01930000-0000-7000-8000-000000000102', slug: 'franquicia-sol' },
    reseller: { id: '01930000-0000-7000-8000-000000000103', slug: 'rita' },
    other: { id: '01930000-0000-7000-8000-000000000104', slug: 'olga' },
  },
} as const;
