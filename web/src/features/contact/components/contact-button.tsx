import { Button, Card, Group, Text, type ButtonProps } from '@mantine/core';
import { IconMessageQuestion, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useContactT } from '../i18n/texts';
import { ContactModal, type ContactItem, type ContactShop } from './contact-modal';

interface ContactButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  shop: ContactShop;
  item?: ContactItem;
  /** Open at once (the shop's contact page, reached from the footer's 'Contacto'). */
  defaultOpened?: boolean;
}

/** The button that opens the contact modal: 'Escríbenos' for the shop, 'Preguntar por este producto' for an item. */
export function ContactButton({ shop, item, defaultOpened = false, variant = 'light', size = 'md' }: ContactButtonProps) {
  const { t } = useContactT();
  const [opened, setOpened] = useState(defaultOpened);
  const Icon = item ? IconMessageQuestion : IconMail;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        leftSection={<Icon size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        data-testid={item ? 'contact-item-open' : 'contact-shop-open'}
      >
        {item ? t('trigger.item') : t('trigger.shop')}
      </Button>
      <ContactModal opened={opened} onClose={() => setOpened(false)} shop={shop} item={item} />
    </>
  );
}

/** Under an item (the item page's `below` slot): a question about it goes to the shop. */
export function ItemEnquiry({ shop, item }: { shop: ContactShop; item: ContactItem }) {
  const { t } = useContactT();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t('trigger.item')}>
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{t('trigger.itemHint')}</Text>
        <ContactButton shop={shop} item={item} />
      </Group>
    </Card>
  );
}
