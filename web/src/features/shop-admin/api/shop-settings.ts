import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { FooterStyle, PhotoDisplay, ShopJson, ShopSection, SignupForm, SocialNetwork, Theme } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { ownerParams, type OwnerRef } from './http';

/**
 * spec 1 §7 'Update shop' and `admin/configuracion`: the fields `PATCH .../store` takes (services/store
 * UpdateShopDto). Only the sent fields change; nullable fields take null as "clear".
 */
export type ShopSettingsPatch = Partial<
  {
    name: string;
    slug: string;
    photo: string | null;
    photo_display: PhotoDisplay;
    hidden_store_name: boolean;
    hidden_search_bar: boolean;
    hidden_affinity_xheader: boolean;
    color1: string | null;
    color2: string | null;
    columns: 1 | 2;
    bgcolor: string | null;
    theme: Theme;
    signup_form: SignupForm;
    darkmode: boolean;
    hidden_darkmode: boolean;
    slider: boolean;
    header: boolean;
    adornment_type: string | null;
    footer_bg: string | null;
    footer_fg: string | null;
    footer_style: FooterStyle;
    contact_email: string | null;
    contact_phone: string | null;
    contact_country_code: string | null;
    whatsapp_phone: string | null;
    whatsapp_country_code: string | null;
    live_chat_license: string | null;
    seo_description: string | null;
    favicon: string | null;
    fb_pixel: string | null;
    users_support_url: string | null;
    sections_info: ShopSection[];
  } & Record<SocialNetwork, string | null>
>;

/** PATCH /api/store/{owner}:{owner}/{type}/store (issue 5 'Shop identity and settings'); 409 slug_taken. */
export function updateShop(owner: OwnerRef, patch: ShopSettingsPatch): Promise<ShopJson> {
  return unwrap(api.PATCH('/api/store/{owner}/{scope}/store', { params: { path: ownerParams(owner) }, body: patch }));
}

export function useUpdateShop(owner: OwnerRef, onSaved: (shop: ShopJson) => void) {
  return useMutation({ mutationFn: (patch: ShopSettingsPatch) => updateShop(owner, patch), onSuccess: onSaved });
}

/** GET /api/store/shops/slug-availability?slug= → { slug, available } (any shop, the owner's own included). */
export function checkSlug(slug: string, signal?: AbortSignal): Promise<{ slug: string; available: boolean }> {
  return unwrap(api.GET('/api/store/shops/slug-availability', { params: { query: { slug } }, signal }));
}

export function slugAvailabilityQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['shop-admin', 'slug-availability', slug.toLowerCase()],
    queryFn: ({ signal }) => checkSlug(slug, signal),
    staleTime: 10_000,
  });
}

/** Asks only when `enabled` (a well-formed slug that is not the shop's current one). */
export function useSlugAvailability(slug: string, enabled: boolean) {
  return useQuery({ ...slugAvailabilityQueryOptions(slug), enabled });
}
