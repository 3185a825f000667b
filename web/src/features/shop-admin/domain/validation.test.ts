import { describe, expect, it } from 'vitest';
import { parseCatalogueOrigin } from '../api/catalogues';
import {
  bannerPayload,
  bannerUrlRule,
  catalogueNameRule,
  cataloguePhotoRule,
  headerPayload,
  shopNameRule,
  socialPayload,
  socialRule,
  validateBanner,
  validateHeader,
  type BannerFormValues,
  type HeaderFormValues,
} from './validation';

const header = (over: Partial<HeaderFormValues> = {}): HeaderFormValues => ({
  title: 'Bienvenidos',
  subtitle: '',
  description: '',
  action_type: 'none',
  url: '',
  product: '',
  product_supplier: '',
  button_label: '',
  initial_color: '#f5f8fa',
  final_color: '#f5f8fa',
  target: 'all',
  ...over,
});

const banner = (over: Partial<BannerFormValues> = {}): BannerFormValues => ({
  hzt_image: '/api/gallery/files/a.png',
  hzt_image_id: 'a',
  vrt_image: '/api/gallery/files/b.png',
  vrt_image_id: 'b',
  link_type: 'URL',
  product: '',
  supplier: '',
  url: '',
  url_target: true,
  target: 'all',
  ...over,
});

describe('header rules (spec 1 §5)', () => {
  it('requires a title of at most 30 characters', () => {
    expect(validateHeader(header({ title: '  ' })).title).toBe('validation.required');
    expect(validateHeader(header({ title: 'x'.repeat(30) })).title).toBeUndefined();
    expect(validateHeader(header({ title: 'x'.repeat(31) })).title).toBe('validation.headerTitleMax');
  });

  it('caps the subtitle at 40 and the description at 130', () => {
    expect(validateHeader(header({ subtitle: 'x'.repeat(40), description: 'x'.repeat(130) }))).toEqual({});
    const errors = validateHeader(header({ subtitle: 'x'.repeat(41), description: 'x'.repeat(131) }));
    expect(errors.subtitle).toBe('validation.headerSubtitleMax');
    expect(errors.description).toBe('validation.headerDescriptionMax');
  });

  it('requires a url for a url action and a button label for any action', () => {
    const errors = validateHeader(header({ action_type: 'url' }));
    expect(errors.url).toBe('validation.required');
    expect(errors.button_label).toBe('validation.required');
    expect(validateHeader(header({ action_type: 'url', url: 'https://vitrina.local/x', button_label: 'buynow' }))).toEqual({});
    expect(validateHeader(header({ action_type: 'url', url: 'javascript:alert(1)', button_label: 'buynow' })).url).toBe('validation.url');
    expect(validateHeader(header({ action_type: 'product', button_label: 'more' })).product).toBe('validation.required');
  });

  it('sends empty subtitle and description as null and drops the button without an action', () => {
    const body = headerPayload(header({ subtitle: ' ', description: '', button_label: 'buynow' }));
    expect(body.subtitle).toBeNull();
    expect(body.description).toBeNull();
    expect(body.button_label).toBeNull();
    expect(body.initial_color).toBe('#f5f8fa');
  });

  it('sends the visibility target the server accepts (spec 1 §3 Header.target)', () => {
    expect(headerPayload(header({ target: 'ul2' })).target).toBe('ul2');
    expect(headerPayload(header()).target).toBe('all');
  });
});

describe('banner rules (spec 1 §5)', () => {
  it('requires both images', () => {
    const errors = validateBanner(banner({ hzt_image: '', vrt_image: '' }), 1);
    expect(errors.hzt_image).toBe('validation.imageRequired');
    expect(errors.vrt_image).toBe('validation.imageRequired');
  });

  it('accepts only web addresses outside 2-column mode', () => {
    expect(bannerUrlRule('https://tienda.example.com/ofertas', 1)).toBeNull();
    expect(bannerUrlRule('tienda.example.com', 1)).toBeNull();
    expect(bannerUrlRule('', 1)).toBeNull();
    expect(bannerUrlRule('/productos', 1)).toBe('validation.invalidCarouselLink');
    expect(bannerUrlRule('no es un enlace', 1)).toBe('validation.invalidCarouselLink');
    expect(bannerUrlRule('/productos', 2)).toBeNull();
    expect(bannerUrlRule('javascript:alert(1)', 2)).toBe('validation.invalidCarouselLink');
  });

  it('needs product and supplier for a product link and sends the action type', () => {
    expect(validateBanner(banner({ link_type: 'PRODUCT' }), 1).product).toBe('validation.required');
    expect(bannerPayload(banner({ link_type: 'PRODUCT', product: 'p', supplier: 's', url: 'x' }))).toMatchObject({
      action_type: 'product',
      url: null,
      product: 'p',
    });
    expect(bannerPayload(banner({ url: 'https://a.com' }))).toMatchObject({ action_type: 'url', url_target: true, target: 'all' });
    expect(bannerPayload(banner())).toMatchObject({ action_type: 'none', url: null });
  });
});

describe('catalogue and shop rules (spec 1 §5)', () => {
  it('requires a catalogue name of at most 150 characters', () => {
    expect(catalogueNameRule('')).toBe('validation.required');
    expect(catalogueNameRule('x'.repeat(150))).toBeNull();
    expect(catalogueNameRule('x'.repeat(151))).toBe('validation.catalogueNameMax');
  });

  it('wants a valid URL for the catalogue photo when present', () => {
    expect(cataloguePhotoRule('')).toBeNull();
    expect(cataloguePhotoRule('https://cdn.example.com/a.png')).toBeNull();
    expect(cataloguePhotoRule('/api/gallery/files/a.png')).toBeNull();
    expect(cataloguePhotoRule('not a url')).toBe('validation.url');
  });

  it('requires the shop name', () => {
    expect(shopNameRule(' ')).toBe('validation.required');
    expect(shopNameRule('Bazar')).toBeNull();
  });

  it('reads a fork origin from an id, a share link or shop/slug', () => {
    expect(parseCatalogueOrigin('01930000-0000-7000-8000-000000000301')).toEqual({ origin_id: '01930000-0000-7000-8000-000000000301' });
    expect(parseCatalogueOrigin('http://localhost:3000/tienda/olga/catalogos/cafe?x=1')).toEqual({
      origin_owner: 'olga',
      origin_slug: 'cafe',
    });
    expect(parseCatalogueOrigin('olga/cafe')).toEqual({ origin_owner: 'olga', origin_slug: 'cafe' });
    expect(parseCatalogueOrigin('cafe')).toBeNull();
  });
});

describe('social links (spec 1 §5)', () => {
  it('takes handles for the networks and a full URL for discord', () => {
    expect(socialRule('instagram', 'bazar.daniela')).toBeNull();
    expect(socialRule('instagram', '@bazar_daniela')).toBeNull();
    expect(socialRule('instagram', 'https://instagram.com/bazar')).toBeNull();
    expect(socialRule('facebook', 'bazar daniela')).toBe('validation.handle');
    expect(socialRule('discord', 'https://discord.gg/abc')).toBeNull();
    expect(socialRule('discord', 'discord-abc')).toBe('validation.url');
    expect(socialRule('twitch', '')).toBeNull();
  });

  it('sends empty values as null and handles without the address', () => {
    const body = socialPayload({
      facebook: '',
      instagram: 'https://www.instagram.com/bazar/',
      twitter: '@bazar',
      youtube: ' ',
      twitch: 'x',
      kick: '',
      discord: 'https://discord.gg/a',
    });
    expect(body).toEqual({
      facebook: null,
      instagram: 'bazar',
      twitter: 'bazar',
      youtube: null,
      twitch: 'x',
      kick: null,
      discord: 'https://discord.gg/a',
    });
  });
});
