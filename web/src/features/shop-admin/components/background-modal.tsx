import { Button, ColorInput, Group, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ShopJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import type { OwnerRef } from '../api/http';
import { updateShop } from '../api/shop-settings';
import { ImageDrop, type UploadedImage } from '@/components/image-drop';
import { notifySuccess, useNotifyApiError } from './notify';

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const isImage = (value: string | null) => Boolean(value && (/^(https?:)?\/\//.test(value) || value.startsWith('/')));

interface BackgroundValues {
  kind: 'none' | 'color' | 'image';
  color: string;
  image: UploadedImage | null;
  color1: string;
  color2: string;
}

/** spec 1 §2 'Header background editor (colour or image URL)' and the shop colours. */
export function BackgroundModal({ owner, shop, opened, onClose, onSaved }: Props) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const form = useForm<BackgroundValues>({
    initialValues: {
      kind: !shop.bgcolor ? 'none' : isImage(shop.bgcolor) ? 'image' : 'color',
      color: isImage(shop.bgcolor) ? '' : (shop.bgcolor ?? ''),
      image: shop.bgcolor && isImage(shop.bgcolor) ? { url: shop.bgcolor, id: null } : null,
      color1: shop.store_theme_info.color1 ?? '',
      color2: shop.store_theme_info.color2 ?? '',
    },
  });
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const { kind, image } = form.getValues();

  const save = form.onSubmit(async ({ kind, color, image, color1, color2 }) => {
    setSaving(true);
    try {
      const bgcolor = kind === 'color' ? color || null : kind === 'image' ? (image?.url ?? null) : null;
      await updateShop(owner, { bgcolor, color1: color1 || null, color2: color2 || null });
      notifySuccess(t('common.saved'));
      onSaved();
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('background.title')}>
      <form onSubmit={save} noValidate>
        <Stack>
          <SegmentedControl
            {...form.getInputProps('kind')}
            data={[
              { value: 'none', label: t('background.none') },
              { value: 'color', label: t('background.color') },
              { value: 'image', label: t('background.image') },
            ]}
          />
          {kind === 'color' && <ColorInput label={t('background.color')} format="hex" {...form.getInputProps('color')} />}
          {kind === 'image' && (
            <ImageDrop
              owner={owner}
              label={t('background.image')}
              value={image}
              onChange={(next) => form.setFieldValue('image', next)}
              onUploadingChange={setUploading}
              rejection="long"
            />
          )}
          <Group grow>
            <ColorInput label={t('background.colour1')} format="hex" {...form.getInputProps('color1')} />
            <ColorInput label={t('background.colour2')} format="hex" {...form.getInputProps('color2')} />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={uploading}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
