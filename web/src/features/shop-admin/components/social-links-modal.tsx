import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SOCIAL_NETWORKS, type ShopJson, type SocialNetwork } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import type { OwnerRef } from '../api/http';
import { updateShop } from '../api/shop-settings';
import { SOCIAL_BASES, socialPayload, socialRule, type SocialValues } from '../domain/validation';
import { notifySuccess, useNotifyApiError } from './notify';

const LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  twitch: 'Twitch',
  kick: 'Kick',
  discord: 'Discord',
};

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** spec 1 §2 'Social links editor': handles appended to each network's address, discord a full URL, empty → null. */
export function SocialLinksModal({ owner, shop, opened, onClose, onSaved }: Props) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const form = useForm<SocialValues>({
    initialValues: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, shop[network] ?? ''])) as SocialValues,
    validate: (values) =>
      Object.fromEntries(
        SOCIAL_NETWORKS.map((network) => {
          const rule = socialRule(network, values[network]);
          return [network, rule ? t(rule as 'validation.url') : null];
        }),
      ),
    // Each field says what is wrong as it is typed (the save stays disabled while one is wrong).
    validateInputOnChange: true,
  });
  const [saving, setSaving] = useState(false);
  const invalid = SOCIAL_NETWORKS.some((network) => socialRule(network, form.getValues()[network]));

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await updateShop(owner, socialPayload(values));
      notifySuccess(t('social.saved'));
      onSaved();
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('social.title')}>
      <form onSubmit={save} noValidate>
        <Stack>
          {SOCIAL_NETWORKS.map((network) => (
            <TextInput
              key={network}
              label={LABELS[network]}
              {...form.getInputProps(network)}
              description={network === 'discord' ? t('social.discordHelp') : t('social.handleHelp', { base: SOCIAL_BASES[network] })}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={invalid}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
