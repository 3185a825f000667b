import { ActionIcon, Affix } from '@mantine/core';
import { IconBrandWhatsapp, IconMessageChatbot } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { chatAllowedOn, chatLinkOf } from '@/features/storefront/lib/chat';
import { shopRelativePath } from '@/features/storefront/lib/shop-path';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

/** The floating chat button (spec 1 §2): live chat or WhatsApp, on the home, listings, franchises and blogs. */
export function ChatButton() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const pathname = useLocation({ select: (location) => location.pathname });
  const root = shop.root_affinity_store_info;
  const link =
    chatLinkOf(shop) ??
    (root
      ? chatLinkOf({
          live_chat_license: root.live_chat_license,
          whatsapp_phone: root.whatsapp_phone,
          whatsapp_country_code: root.whatsapp_country_code,
        })
      : null);
  if (!link || !chatAllowedOn(shopRelativePath(pathname, shop.slug))) return null;
  const label = link.kind === 'whatsapp' ? t('chat.whatsapp') : t('chat.liveChat');
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <ActionIcon
        component="a"
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        size={56}
        radius="xl"
        color={link.kind === 'whatsapp' ? 'green' : undefined}
        aria-label={label}
        title={label}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        {link.kind === 'whatsapp' ? <IconBrandWhatsapp size={28} aria-hidden /> : <IconMessageChatbot size={28} aria-hidden />}
      </ActionIcon>
    </Affix>
  );
}
