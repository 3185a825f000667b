import { useMutation } from '@tanstack/react-query';
import type { PhotoDisplay, ShopJson, SocialNetwork } from '@vitrina/contracts';
import { getJson, sendJson, storeBase, type OwnerRef } from './http';

/** spec 1 §7 'Update shop': name, photo, photo_display, colours, columns, background, social fields... */
export type ShopSettingsPatch = Partial<
  {
    name: string;
    photo: string | null;
    photo_display: PhotoDisplay;
    color1: string | null;
    color2: string | null;
    columns: 1 | 2;
    bgcolor: string | null;
    hidden_store_name: boolean;
  } & Record<SocialNetwork, string | null>
>;

/** PATCH /api/store/{owner}:{owner}/{type}/store (issue 5 'Shop identity and settings'). */
export function updateShop(owner: OwnerRef, patch: ShopSettingsPatch): Promise<ShopJson> {
  return sendJson<ShopJson>('PATCH', storeBase(owner), patch);
}

export function useUpdateShop(owner: OwnerRef, onSaved: () => void) {
  return useMutation({ mutationFn: (patch: ShopSettingsPatch) => updateShop(owner, patch), onSuccess: onSaved });
}

/** GET /api/store/shops/slug-availability?slug= → { slug, available }. */
export function checkSlug(slug: string): Promise<{ slug: string; available: boolean }> {
  return getJson('/api/store/shops/slug-availability', { slug });
}
