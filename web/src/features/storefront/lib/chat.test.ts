import { describe, expect, it } from 'vitest';
import { chatAllowedOn, chatLinkOf } from './chat';

describe('floating chat button (spec 1 §2)', () => {
  it('shows only on the home, product and service listings, franchises and blogs', () => {
    for (const path of ['/', '/productos', '/servicios', '/franquicias', '/blogs', '/blogs/una-entrada'])
      expect(chatAllowedOn(path)).toBe(true);
    for (const path of ['/experiencias', '/productos/o/i', '/catalogos', '/admin/configuracion']) expect(chatAllowedOn(path)).toBe(false);
  });

  it('prefers the live chat licence, else WhatsApp from country code and phone, else nothing', () => {
    expect(chatLinkOf({ live_chat_license: '123', whatsapp_phone: '5512345678', whatsapp_country_code: '52' })?.kind).toBe('live_chat');
    expect(chatLinkOf({ live_chat_license: null, whatsapp_phone: '55 1234 5678', whatsapp_country_code: '+52' })).toEqual({
      kind: 'whatsapp',
      href: 'https://wa.me/525512345678',
    });
    expect(chatLinkOf({ live_chat_license: ' ', whatsapp_phone: null, whatsapp_country_code: null })).toBeNull();
  });
});
