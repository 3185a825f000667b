import { Injectable } from '@nestjs/common';
import { and, eq, ne, sql } from 'drizzle-orm';
import { StoreEvents, isReservedShopSlug, type ShopSection, type StoreShopUpdated } from '@vitrina/contracts';
import { Outbox, TransactionRunner, databaseError, SqlState } from '@vitrina/platform';
import { shops } from '../../db/schema.js';
import { normaliseText } from '../../shared/text.js';
import { slugReserved, slugTaken } from '../domain/shop.errors.js';
import { shopSnapshot } from '../events/shop-events.js';
import type { UpdateShopDto } from '../http/shop-update.dto.js';
import { shopOfOwner, type ShopRow } from '../shop.repository.js';

/** DTO field (spec spelling) -> column of `store.shops`. */
const COLUMNS = {
  name: 'name',
  photo: 'photo',
  photo_display: 'photoDisplay',
  slug: 'slug',
  hidden_store_name: 'hiddenStoreName',
  hidden_search_bar: 'hiddenSearchBar',
  hidden_affinity_xheader: 'hiddenAffinityXheader',
  color1: 'color1',
  color2: 'color2',
  columns: 'columns',
  bgcolor: 'bgcolor',
  theme: 'theme',
  signup_form: 'signupForm',
  darkmode: 'darkmode',
  hidden_darkmode: 'hiddenDarkmode',
  slider: 'slider',
  header: 'header',
  adornment_type: 'adornmentType',
  footer_bg: 'footerBg',
  footer_fg: 'footerFg',
  footer_style: 'footerStyle',
  facebook: 'facebook',
  instagram: 'instagram',
  twitter: 'twitter',
  youtube: 'youtube',
  twitch: 'twitch',
  kick: 'kick',
  discord: 'discord',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  contact_country_code: 'contactCountryCode',
  whatsapp_phone: 'whatsappPhone',
  whatsapp_country_code: 'whatsappCountryCode',
  live_chat_license: 'liveChatLicense',
  seo_description: 'seoDescription',
  favicon: 'favicon',
  fb_pixel: 'fbPixel',
  users_support_url: 'usersSupportUrl',
  signup_plan: 'signupPlan',
  sections_info: 'sectionsInfo',
} as const satisfies Record<keyof UpdateShopDto, keyof ShopRow>;

/**
 * The owner edits the shop's identity and settings (spec 1 §2 header bar / social links / background /
 * admin/configuracion; issue 5). One transaction with `store.shop.updated` (snapshot + changed fields), which
 * keeps the catalogue's shop projection (slug, name) in step.
 */
@Injectable()
export class UpdateShopHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async execute(ownerId: string, dto: UpdateShopDto): Promise<ShopRow> {
    try {
      return await this.tx.run(async (tx) => {
        const shop = await shopOfOwner(tx, ownerId, { forUpdate: true });
        const set: Partial<Record<keyof ShopRow, unknown>> = {};
        const changed: string[] = [];
        for (const [field, column] of Object.entries(COLUMNS) as Array<[keyof UpdateShopDto, keyof ShopRow]>) {
          let value: unknown = dto[field];
          if (value === undefined) continue;
          if (field === 'sections_info') {
            // 'catalogues' follows the owner's catalogues (catalogue.catalogue events), not this form.
            const wanted = new Set<string>((value as ShopSection[]).filter((s) => s !== 'catalogues'));
            if (shop.sectionsInfo.includes('catalogues')) wanted.add('catalogues');
            value = [...wanted];
          }
          if (JSON.stringify(shop[column]) === JSON.stringify(value)) continue;
          set[column] = value;
          changed.push(field);
        }
        if (dto.slug !== undefined && dto.slug.toLowerCase() !== shop.slug.toLowerCase()) {
          if (isReservedShopSlug(dto.slug)) throw slugReserved();
          const [other] = await tx
            .select({ id: shops.id })
            .from(shops)
            .where(and(eq(sql`lower(${shops.slug})`, dto.slug.toLowerCase()), ne(shops.id, shop.id)))
            .limit(1);
          if (other) throw slugTaken();
        }
        if (changed.length === 0) return shop;
        if (typeof set.name === 'string') set.searchName = normaliseText(set.name);
        const [row] = await tx
          .update(shops)
          .set({ ...(set as Partial<ShopRow>), updatedAt: sql`now()` })
          .where(eq(shops.id, shop.id))
          .returning();
        await this.outbox.add(tx, {
          type: StoreEvents.shopUpdated,
          key: shop.id,
          shopId: shop.id,
          actorId: ownerId,
          data: { ...shopSnapshot(row), changed } satisfies StoreShopUpdated,
        });
        return row;
      });
    } catch (err) {
      // Two owners taking one slug at once: the unique index decides.
      if (databaseError(err, SqlState.uniqueViolation)) throw slugTaken();
      throw err;
    }
  }
}
