import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@vitrina/platform';
import type { Logger } from 'pino';
import { GalleryService } from '../gallery/gallery.service.js';
import { renderBanner } from '../shared/shop-art.js';
import { STARTER_SLIDES } from '../shops/domain/new-shop.rules.js';

/** The gallery's owner and mashup of the shared starter pictures: no user's, so no user's gallery lists or deletes them. */
const PLATFORM_OWNER = 'platform';
const MASHUP = 'starter-banners';
/**
 * Fixed ids (a namespace of their own beside the demo's 8008), so every process and restart finds the same pictures.
 * Redrawn slides (STARTER_SLIDES changed) take new numbers: stored pictures are never redrawn under an old id.
 */
const imageId = (n: number) => `01930000-0000-7000-800b-${n.toString().padStart(12, '0')}`;

export interface StarterSlide {
  hztImage: string;
  vrtImage: string;
}

/**
 * The pictures of a new shop's starter slides (STARTER_SLIDES), drawn and stored in the gallery the first time a
 * shop is opened and read back afterwards. Banners point at them by URL with no image id, so deleting or replacing
 * a starter banner releases nothing and the next shop still has them.
 *
 * Two processes drawing them at once both store the same bytes under the same name; the one whose row loses the
 * insert reads the winner's. A failure leaves a new shop without slides (logged) rather than without a shop, and
 * the next shop tries again.
 */
@Injectable()
export class StarterBanners {
  private pending?: Promise<StarterSlide[]>;

  constructor(
    private readonly gallery: GalleryService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  slides(): Promise<StarterSlide[]> {
    this.pending ??= this.load().catch((err: unknown) => {
      this.pending = undefined;
      this.logger.warn({ err }, 'starter banners could not be drawn; the shop opens without them');
      return [];
    });
    return this.pending;
  }

  private async load(): Promise<StarterSlide[]> {
    return Promise.all(
      STARTER_SLIDES.map(async (slide, i) => ({
        // desktop 1600x491 and phone 1000x450, the sizes the carousel draws (as the demo shops' slides)
        hztImage: await this.picture(2 * i + 1, `slide-${i + 1}-desktop`, () => renderBanner({ width: 1600, height: 491, ...slide })),
        vrtImage: await this.picture(2 * i + 2, `slide-${i + 1}-mobile`, () =>
          renderBanner({ width: 1000, height: 450, ...slide, motifs: slide.motifs.slice(0, 2) }),
        ),
      })),
    );
  }

  private async picture(n: number, name: string, render: () => Promise<Buffer>): Promise<string> {
    const id = imageId(n);
    const existing = await this.gallery.existingUrl(id);
    if (existing) return existing;
    try {
      return await this.gallery.importGenerated({ id, ownerId: PLATFORM_OWNER, mashupId: MASHUP, name, bytes: await render() });
    } catch (err) {
      const raced = await this.gallery.existingUrl(id);
      if (raced) return raced;
      throw err;
    }
  }
}
