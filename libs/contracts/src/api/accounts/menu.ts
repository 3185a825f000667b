import { z } from 'zod';

/** spec 2 §3 menu entry: labels in es, en, es-AR; colour; app module. */
export const MenuLabelSchema = z.strictObject({ es: z.string(), en: z.string(), 'es-AR': z.string() }).meta({ id: 'AccountMenuLabel' });
export type MenuLabel = z.infer<typeof MenuLabelSchema>;

export interface MenuEntry {
  label: MenuLabel;
  icon: string;
  icon_color: string;
  path: string;
  submenu: MenuEntry[];
  app_module: string;
}

/** Recursive (submenus): the getter lets zod refer to the schema being defined. */
export const MenuEntrySchema: z.ZodType<MenuEntry> = z
  .strictObject({
    label: MenuLabelSchema,
    icon: z.string(),
    icon_color: z.string(),
    path: z.string(),
    get submenu() {
      return z.array(MenuEntrySchema);
    },
    app_module: z.string(),
  })
  .meta({ id: 'AccountMenuEntry' });

export const MenuResponseSchema = z.strictObject({ name: z.string(), results: z.array(MenuEntrySchema) }).meta({ id: 'AccountMenu' });
export type MenuResponse = z.infer<typeof MenuResponseSchema>;
