import { describe, expect, it } from 'vitest';
import { shopFixture } from '../test/fixtures';
import { phoneDigits, settingsOf, settingsPatch, slugNeedsCheck, slugRule, validateSettings } from './shop-settings';

const shop = shopFixture();

describe('shop settings rules (spec 1 §5, store UpdateShopDto)', () => {
  it('accepts the shop as it is', () => {
    expect(validateSettings(settingsOf(shop))).toEqual({});
  });

  it('requires a name of at most 100 characters', () => {
    expect(validateSettings({ ...settingsOf(shop), name: '   ' }).name).toEqual({ key: 'validation.required' });
    expect(validateSettings({ ...settingsOf(shop), name: 'x'.repeat(101) }).name).toEqual({ key: 'settings.errors.tooLong', max: 100 });
  });

  it('takes a slug of letters, digits, underscore and hyphen, at most 60', () => {
    expect(slugRule('mi-tienda_2')).toBeNull();
    expect(slugRule('')).toEqual({ key: 'validation.required' });
    expect(slugRule('mi tienda')).toEqual({ key: 'settings.errors.slug' });
    expect(slugRule('tienda.mx')).toEqual({ key: 'settings.errors.slug' });
    expect(slugRule('x'.repeat(61))).toEqual({ key: 'settings.errors.tooLong', max: 60 });
  });

  it('checks colours, e-mail, phones, country codes, support URL, favicon and pixel', () => {
    const errors = validateSettings({
      ...settingsOf(shop),
      color1: 'azul',
      footer_fg: '#12',
      contact_email: 'hola@',
      contact_phone: '12',
      whatsapp_phone: '55 1234 5678',
      whatsapp_country_code: '',
      contact_country_code: '+52123',
      users_support_url: 'soporte.demo',
      favicon: 'icono',
      fb_pixel: '12ab',
    });
    expect(errors).toEqual({
      color1: { key: 'validation.color' },
      footer_fg: { key: 'validation.color' },
      contact_email: { key: 'settings.errors.email' },
      contact_phone: { key: 'settings.errors.phone' },
      contact_country_code: { key: 'settings.errors.countryCode' },
      whatsapp_country_code: { key: 'validation.required' },
      users_support_url: { key: 'validation.url' },
      favicon: { key: 'validation.url' },
      fb_pixel: { key: 'settings.errors.fbPixel' },
    });
  });

  it('limits the SEO description to 300 characters', () => {
    expect(validateSettings({ ...settingsOf(shop), seo_description: 'a'.repeat(301) }).seo_description).toEqual({
      key: 'settings.errors.tooLong',
      max: 300,
    });
  });
});

describe('the settings PATCH body', () => {
  it('is empty when nothing changed', () => {
    expect(settingsPatch(shop, settingsOf(shop))).toEqual({});
  });

  it('sends only what changed: trimmed, empty text as null, phones as digits', () => {
    const values = {
      ...settingsOf(shop),
      name: '  Tienda Nueva ',
      contact_email: '',
      whatsapp_country_code: '52',
      whatsapp_phone: '55 1234-5678',
      columns: 1 as const,
      darkmode: true,
      sections_info: ['services', 'products', 'blogs'] as ('services' | 'products' | 'blogs')[],
    };
    expect(settingsPatch(shop, values)).toEqual({
      name: 'Tienda Nueva',
      contact_email: null,
      whatsapp_country_code: '52',
      whatsapp_phone: '5512345678',
      columns: 1,
      darkmode: true,
      sections_info: ['blogs', 'products', 'services'],
    });
  });

  it("leaves 'catalogues' to the server: it is not one of the form's sections", () => {
    expect(settingsOf(shop).sections_info).toEqual(['products', 'services']);
  });

  it('checks a slug only when it is well formed and not the shop’s own', () => {
    expect(slugNeedsCheck(shop, 'Demo')).toBe(false);
    expect(slugNeedsCheck(shop, 'mi tienda')).toBe(false);
    expect(slugNeedsCheck(shop, 'otra')).toBe(true);
    expect(phoneDigits('(55) 1234.5678')).toBe('5512345678');
  });
});
