/**
 * The route table. Each service's first group is its own name (docs/architecture.md §4: where the spec names
 * no group, the owning service's name is the group).
 * The route table: which service answers each public API group.
 * The gateway maps `/api/{group}/...` to the service below, keeping `/{group}/...` as the upstream path,
 * so a service's controllers are declared with the group as their prefix.
 * docs/architecture.md §4: `group` is the spec's API group name or, where the spec names none, the owning service.
 */
export const SERVICE_NAMES = ['catalogue', 'store', 'cart-checkout', 'orders', 'accounts', 'messaging', 'marketing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ServiceDescriptor {
  /** Default port of the service (embedded mode and `npm run start:cluster`). */
  port: number;
  /** Public API groups the service answers. */
  groups: readonly string[];
}

export const SERVICES: Record<ServiceName, ServiceDescriptor> = {
  catalogue: { port: 3101, groups: ['catalogue'] },
  store: { port: 3102, groups: ['store', 'gallery', 'customer'] },
  'cart-checkout': { port: 3103, groups: ['cart-checkout', 'cart', 'checkout', 'shopping-carts', 'payment', 'payments'] },
  orders: { port: 3104, groups: ['orders', 'customers'] },
  accounts: {
    port: 3105,
    groups: [
      'accounts',
      'auth',
      'profile-admin',
      'profile-public',
      'profile-list-public',
      'subscription-public',
      'setup-apps',
      'graph',
      'wallets',
      'broker-memberships',
    ],
  },
  messaging: { port: 3106, groups: ['messaging', 'conversation', 'messages', 'contact-admin', 'alerts', 'dev'] },
  marketing: { port: 3107, groups: ['marketing', 'marketing-admin', 'crm-admin', 'tags-admin'] },
};

export const GATEWAY_PORT = 3000;

/** Environment variable naming a service's base URL in distributed mode, e.g. SERVICE_URL_CART_CHECKOUT. */
export function serviceUrlVariable(name: ServiceName): string {
  return `SERVICE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
}

/** group -> service, built once from SERVICES. */
export const ROUTE_TABLE: ReadonlyMap<string, ServiceName> = new Map(
  SERVICE_NAMES.flatMap((name) => SERVICES[name].groups.map((group) => [group, name] as const)),
);
