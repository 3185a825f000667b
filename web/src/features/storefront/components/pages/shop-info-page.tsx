import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone, IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chatLinkOf } from '@/features/storefront/lib/chat';
import { socialLinks } from '@/features/storefront/lib/social';
import { EmptyList } from '@/features/storefront/components/shared/empty-state';
import { ShopBreadcrumbs } from '@/features/storefront/components/shared/shop-breadcrumbs';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

export type InfoTopic = 'info' | 'contact' | 'about' | 'terms' | 'privacy' | 'disabledSupplier' | 'blogs' | 'franchises';

function Contact() {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const whatsapp = chatLinkOf({
    live_chat_license: null,
    whatsapp_phone: shop.whatsapp_phone,
    whatsapp_country_code: shop.whatsapp_country_code,
  });
  const phone = shop.contact_phone ? `+${shop.contact_country_code ?? ''} ${shop.contact_phone}`.replace('+ ', '') : null;
  const social = socialLinks(shop);
  if (!shop.contact_email && !phone && !whatsapp && social.length === 0) return <Text c="dimmed">{t('info.noContact')}</Text>;
  return (
    <Stack gap="xs">
      {shop.contact_email && (
        <Group gap={6}>
          <IconMail size={18} aria-hidden />
          <Anchor href={`mailto:${shop.contact_email}`}>{shop.contact_email}</Anchor>
        </Group>
      )}
      {phone && (
        <Group gap={6}>
          <IconPhone size={18} aria-hidden />
          <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor>
        </Group>
      )}
      {whatsapp && (
        <Group gap={6}>
          <IconBrandWhatsapp size={18} aria-hidden />
          <Anchor href={whatsapp.href} target="_blank" rel="noopener noreferrer">
            {t('chat.whatsapp')}
          </Anchor>
        </Group>
      )}
      {social.length > 0 && (
        <Group gap="sm" mt="xs">
          {social.map(({ network, url }) => (
            <Anchor key={network} href={url} target="_blank" rel="noopener noreferrer" size="sm">
              {t(`social.${network}`)}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/**
 * The shop's informational pages: /info (about and contact), /contacto, /acerca, /terms, /privacidad, the
 * disabled-supplier help page, and the blogs and franchises sections until they arrive.
 */
export function ShopInfoPage({ topic }: { topic: InfoTopic }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const title = t(`info.title.${topic}`, { name: shop.name });
  return (
    <Container size="md" w="100%" py="md">
      <Stack gap="lg">
        <ShopBreadcrumbs items={[{ label: title }]} />
        <Title order={1} size="h2">
          {title}
        </Title>
        {(topic === 'info' || topic === 'about') && (
          <Text style={{ whiteSpace: 'pre-line' }}>{shop.seo_description || t('info.welcome', { name: shop.name })}</Text>
        )}
        {(topic === 'info' || topic === 'contact') && (
          <section>
            {topic === 'info' && (
              <Title order={2} size="h4" mb="xs">
                {t('info.contact')}
              </Title>
            )}
            <Contact />
          </section>
        )}
        {(topic === 'terms' || topic === 'privacy' || topic === 'disabledSupplier') && (
          <Text style={{ whiteSpace: 'pre-line' }}>{t(`info.text.${topic}`, { name: shop.name })}</Text>
        )}
        {(topic === 'blogs' || topic === 'franchises') && <EmptyList title={t(`info.empty.${topic}`)} />}
      </Stack>
    </Container>
  );
}
