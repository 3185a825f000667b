import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PHOTO_DISPLAYS, type PhotoDisplay, type ShopJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import type { OwnerRef } from '../api/http';
import { updateShop } from '../api/shop-settings';
import { shopNameRule } from '../domain/validation';
import { ImageDrop, type UploadedImage } from '@/components/image-drop';
import { notifySuccess, useNotifyApiError } from './notify';

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

interface IdentityValues {
  name: string;
  photo: UploadedImage | null;
  display: PhotoDisplay;
  hideName: boolean;
}

/** spec 1 §2 'shop image/name form': name (required), logo with photo_display, recommended sizes shown. */
export function IdentityModal({ owner, shop, opened, onClose, onSaved }: Props) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const form = useForm<IdentityValues>({
    initialValues: {
      name: shop.name,
      photo: shop.photo ? { url: shop.photo, id: null } : null,
      display: shop.photo_display,
      hideName: shop.hidden_store_name,
    },
    validate: {
      name: (value) => {
        const rule = shopNameRule(value);
        return rule ? t(rule as 'validation.required') : null;
      },
    },
    validateInputOnBlur: ['name'],
  });
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const { display } = form.getValues();
  const rectangular = display === 'rec' || display === 'bdr_rec';

  const save = form.onSubmit(async ({ name, photo, display, hideName }) => {
    setSaving(true);
    try {
      await updateShop(owner, { name: name.trim(), photo: photo?.url ?? null, photo_display: display, hidden_store_name: hideName });
      notifySuccess(t('identity.saved'));
      onSaved();
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('identity.title')} size="lg">
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('identity.name')} required {...form.getInputProps('name')} data-testid="shop-name-input" />
          <ImageDrop
            owner={owner}
            label={t('identity.logo')}
            value={form.getValues().photo}
            onChange={(photo) => form.setFieldValue('photo', photo)}
            onUploadingChange={setUploading}
            rejection="short"
            recommended={rectangular ? t('identity.recommendedRect') : t('identity.recommendedSquare')}
            testId="shop-logo-drop"
          />
          <Select
            label={t('identity.display')}
            allowDeselect={false}
            {...form.getInputProps('display')}
            onChange={(value) => value && form.setFieldValue('display', value as PhotoDisplay)}
            data={PHOTO_DISPLAYS.map((value) => ({ value, label: t(`identity.displays.${value}`) }))}
          />
          <Checkbox label={t('identity.hideName')} {...form.getInputProps('hideName', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={uploading} data-testid="shop-identity-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
