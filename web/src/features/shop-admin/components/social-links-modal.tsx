import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { SOCIAL_NETWORKS, type ShopJson, type SocialNetwork } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('shopAdmin');
  const notifyApiError = useNotifyApiError();
  const [values, setValues] = useState<SocialValues>(
    () => Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, shop[network] ?? ''])) as SocialValues,
  );
  const [saving, setSaving] = useState(false);
  const errors = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialRule(network, values[network])])) as Record<
    SocialNetwork,
    string | null
  >;
  const invalid = SOCIAL_NETWORKS.some((network) => errors[network]);

  const save = async () => {
    if (invalid) return;
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
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('social.title')}>
      <Stack>
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput
            key={network}
            label={LABELS[network]}
            value={values[network]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, [network]: value }));
            }}
            description={network === 'discord' ? t('social.discordHelp') : t('social.handleHelp', { base: SOCIAL_BASES[network] })}
            error={errors[network] ? t(errors[network] as 'validation.url') : null}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={invalid}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
