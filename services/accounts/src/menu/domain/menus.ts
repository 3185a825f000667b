import type { AccountLevel, MenuEntry, MenuLabel } from '@vitrina/contracts';

/** Who sees an entry: holders of an API of the keychain, or users from a level up. */
interface Rule {
  api?: string;
  minLevel?: AccountLevel;
}

interface Definition extends Omit<MenuEntry, 'submenu'> {
  rule?: Rule;
  submenu?: Definition[];
}

const label = (es: string, en: string, esAR: string = es): MenuLabel => ({ es, en, 'es-AR': esAR });

/**
 * The app menus (spec 2 §3 menu entry; §6 who sees what): `apps` is the app launcher, `me` the account menu.
 * Paths are the spec's routes (§2 and the alert targets of §7).
 */
const MENUS: Record<string, Definition[]> = {
  apps: [
    {
      label: label('Mi tienda', 'My shop'),
      icon: 'building-store',
      icon_color: '#1E88E5',
      path: '/apps/me/store',
      app_module: 'store',
      rule: { minLevel: 2 },
      submenu: [
        { label: label('Pedidos', 'Orders'), icon: 'receipt', icon_color: '#1E88E5', path: '/apps/me/store/orders', app_module: 'store' },
        {
          label: label('Reportes', 'Reports'),
          icon: 'chart-bar',
          icon_color: '#1E88E5',
          path: '/apps/me/store/reports/orders',
          app_module: 'store',
        },
      ],
    },
    {
      label: label('Proveedor', 'Supplier'),
      icon: 'truck',
      icon_color: '#6D4C41',
      path: '/apps/me/dssupplier/products',
      app_module: 'dssupplier',
      rule: { api: 'dssupplier-admin' },
      submenu: [
        {
          label: label('Pedidos', 'Orders'),
          icon: 'receipt',
          icon_color: '#6D4C41',
          path: '/apps/me/dssupplier/orders',
          app_module: 'dssupplier',
        },
        {
          label: label('Cargas', 'Imports'),
          icon: 'upload',
          icon_color: '#6D4C41',
          path: '/apps/me/dssupplier/products/cargas',
          app_module: 'dssupplier',
        },
      ],
    },
    {
      label: label('Referidos', 'Referral'),
      icon: 'users-group',
      icon_color: '#43A047',
      path: '/apps/me/referral',
      app_module: 'referral',
      rule: { api: 'referral' },
      submenu: [
        {
          label: label('Productos', 'Products'),
          icon: 'package',
          icon_color: '#43A047',
          path: '/apps/me/referral',
          app_module: 'referral',
        },
        {
          label: label('Campañas', 'Campaigns'),
          icon: 'speakerphone',
          icon_color: '#43A047',
          path: '/apps/me/referral/campaigns',
          app_module: 'referral',
        },
        {
          label: label('Planes de servicio', 'Service plans'),
          icon: 'list-details',
          icon_color: '#43A047',
          path: '/apps/me/referral/resale/plans',
          app_module: 'referral',
        },
        {
          label: label('Catálogos', 'Catalogues'),
          icon: 'books',
          icon_color: '#43A047',
          path: '/apps/me/referral/resale/catalogues',
          app_module: 'referral',
        },
      ],
    },
    {
      label: label('Grupo de afinidad', 'Affinity group'),
      icon: 'heart-handshake',
      icon_color: '#8E24AA',
      path: '/apps/me/affinity-group/requests',
      app_module: 'affinity-group',
      rule: { api: 'orders-affinity' },
    },
    {
      label: label('Clientes', 'Customers'),
      icon: 'address-book',
      icon_color: '#F4511E',
      path: '/apps/me/crm/clients',
      app_module: 'crm',
      rule: { api: 'contact-admin' },
    },
    { label: label('Mensajes', 'Messages'), icon: 'messages', icon_color: '#00897B', path: '/me/inbox/messages', app_module: 'inbox' },
    {
      label: label('Mis compras', 'My purchases'),
      icon: 'shopping-bag',
      icon_color: '#3949AB',
      path: '/mis-compras',
      app_module: 'purchases',
    },
    { label: label('Paquetes', 'Packages'), icon: 'box', icon_color: '#FB8C00', path: '/apps/paquetes', app_module: 'packages' },
  ],
  me: [
    {
      label: label('Mis compras', 'My purchases'),
      icon: 'shopping-bag',
      icon_color: '#3949AB',
      path: '/mis-compras',
      app_module: 'purchases',
    },
    { label: label('Mensajes', 'Messages'), icon: 'messages', icon_color: '#00897B', path: '/me/inbox/messages', app_module: 'inbox' },
    {
      label: label('Preferencias', 'Preferences'),
      icon: 'settings',
      icon_color: '#546E7A',
      path: '/preferencias',
      app_module: 'preferences',
    },
    { label: label('Cerrar sesión', 'Log out'), icon: 'logout', icon_color: '#546E7A', path: '/logout', app_module: 'session' },
  ],
};

export const MENU_NAMES = Object.keys(MENUS);
export const DEFAULT_MENU = 'apps';

/** The entries of menu `name` the user may see, or undefined when there is no such menu. */
export function menuFor(name: string, user: { level: AccountLevel; keychain: readonly string[] }): MenuEntry[] | undefined {
  const defs = Object.hasOwn(MENUS, name) ? MENUS[name] : undefined;
  return defs ? visible(defs, user) : undefined;
}

function visible(defs: Definition[], user: { level: AccountLevel; keychain: readonly string[] }): MenuEntry[] {
  return defs
    .filter((d) => allowed(d.rule, user))
    .map(({ rule: _rule, submenu, ...entry }) => ({ ...entry, label: { ...entry.label }, submenu: submenu ? visible(submenu, user) : [] }));
}

function allowed(rule: Rule | undefined, user: { level: AccountLevel; keychain: readonly string[] }): boolean {
  if (!rule) return true;
  if (rule.api && !user.keychain.includes(rule.api)) return false;
  if (rule.minLevel !== undefined && user.level < rule.minLevel) return false;
  return true;
}
