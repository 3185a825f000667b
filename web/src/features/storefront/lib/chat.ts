/**
 * spec 1 §2: the floating chat button shows when the shop has a live_chat_license or a whatsapp_phone, and
 * only on /, /productos, /servicios, /franquicias, /blogs and blog sub-paths.
 */
const CHAT_PATHS = new Set(['/', '/productos', '/servicios', '/franquicias', '/blogs']);

export function chatAllowedOn(relativePath: string): boolean {
  return CHAT_PATHS.has(relativePath) || relativePath.startsWith('/blogs/');
}

export interface ChatContact {
  live_chat_license: string | null;
  whatsapp_phone: string | null;
  whatsapp_country_code: string | null;
}

/** The live chat (LiveChat's direct link for the licence) wins; else a WhatsApp link from country code and phone. */
export function chatLinkOf(contact: ChatContact): { kind: 'live_chat' | 'whatsapp'; href: string } | null {
  const license = contact.live_chat_license?.trim();
  if (license) return { kind: 'live_chat', href: `https://direct.lc.chat/${encodeURIComponent(license)}/` };
  const phone = contact.whatsapp_phone?.replace(/\D/g, '');
  if (phone) {
    const code = contact.whatsapp_country_code?.replace(/\D/g, '') ?? '';
    return { kind: 'whatsapp', href: `https://wa.me/${code}${phone}` };
  }
  return null;
}
