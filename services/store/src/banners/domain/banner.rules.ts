import { StoreErrorCodes, type BannerActionType, type VisibilityTarget } from '@vitrina/contracts';
import { DomainError, ValidationError } from '@vitrina/platform';
import { isWebAddress, isWebOrPath } from '../../shared/text.js';

/** A banner as the rules see it (spec 1 §3 'Banner'). */
export interface BannerDraft {
  hztImage: string;
  hztImageId: string | null;
  vrtImage: string;
  vrtImageId: string | null;
  product: string | null;
  supplier: string | null;
  url: string | null;
  urlTarget: boolean;
  target: VisibilityTarget;
  actionType: BannerActionType;
}

export const NEW_BANNER: BannerDraft = {
  hztImage: '',
  hztImageId: null,
  vrtImage: '',
  vrtImageId: null,
  product: null,
  supplier: null,
  url: null,
  urlTarget: true, // spec 1 §3: url_target default true
  target: 'all', // spec 1 §9: default visibility target all
  actionType: 'none',
};

/**
 * spec 1 §5 'Banner': both images required; a product link needs the product and its supplier; the URL,
 * when not in 2-column mode, must be a web address (`invalid_carousel_link`). In 2-column mode the slides
 * sit beside the text and a site path is accepted too, but never another scheme (no `javascript:` links).
 */
export function checkBanner(d: BannerDraft, columns: number): void {
  const fields: Record<string, string[]> = {};
  if (!d.hztImage) fields.hzt_image = ['hzt_image is required'];
  if (!d.vrtImage) fields.vrt_image = ['vrt_image is required'];
  if (d.actionType === 'product') {
    if (!d.product) fields.product = ['product is required for a product link'];
    if (!d.supplier) fields.supplier = ['supplier is required for a product link'];
  }
  if (d.actionType === 'url' && !d.url) fields.url = ['url is required for a URL link'];
  if (Object.keys(fields).length > 0) {
    const [first] = Object.entries(fields);
    throw new ValidationError(`${first[0]}: ${first[1][0]}`, fields);
  }
  if (d.url) {
    const ok = columns === 2 ? isWebOrPath(d.url) : isWebAddress(d.url);
    if (!ok)
      throw new DomainError(StoreErrorCodes.invalidCarouselLink, 'The banner link must be a web address', 400, {
        url: ['invalid_carousel_link'],
      });
  }
}

/** The link type when the form did not say: product when a product is given, url when a URL is, else none. */
export function inferActionType(d: Pick<BannerDraft, 'product' | 'url'>): BannerActionType {
  if (d.product) return 'product';
  if (d.url) return 'url';
  return 'none';
}
