import { z } from 'zod';
import { SHOP_SECTIONS } from '../../store-shop.js';

/** A localised label (spec 1 §7 'Menu options'). */
export const ShopMenuLabelSchema = z.strictObject({ es: z.string(), en: z.string(), 'es-AR': z.string() }).meta({ id: 'ShopMenuLabel' });
export type ShopMenuLabel = z.infer<typeof ShopMenuLabelSchema>;

export interface ShopMenuOption {
  key: (typeof SHOP_SECTIONS)[number] | 'info';
  label: ShopMenuLabel;
  icon: string;
  icon_color: string;
  path: string;
  submenu: ShopMenuOption[];
  app_module: string;
  can_add: boolean;
}

/** spec 1 §2 'Shop menu' / §7 'Menu options': one entry (a submenu holds more of the same). */
export const ShopMenuOptionSchema: z.ZodType<ShopMenuOption> = z
  .strictObject({
    key: z.enum([...SHOP_SECTIONS, 'info']),
    label: ShopMenuLabelSchema,
    icon: z.string(),
    icon_color: z.string(),
    path: z.string(),
    get submenu() {
      return z.array(ShopMenuOptionSchema);
    },
    app_module: z.string(),
    /** Admin menu: a plus button beside the section. */
    can_add: z.boolean(),
  })
  .meta({ id: 'ShopMenuOption' });

/** The menu for the viewer: admin (the owner), public, or proxy (proxy shops, read-only). */
export const ShopMenuSchema = z
  .strictObject({
    mode: z.enum(['admin', 'public', 'proxy']),
    results: z.array(ShopMenuOptionSchema),
    matches_estimated: z.number().int(),
  })
  .meta({ id: 'ShopMenu' });
export type ShopMenu = z.infer<typeof ShopMenuSchema>;
