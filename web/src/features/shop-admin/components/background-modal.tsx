import { Button, ColorInput, Group, Modal, SegmentedControl, Stack } from '@mantine/core';
import type { ShopJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnerRef } from '../api/http';
import { updateShop } from '../api/shop-settings';
import { ImageDrop, type UploadedImage } from './image-drop';
import { notifySuccess, useNotifyApiError } from './notify';

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const isImage = (value: string | null) => Boolean(value && (/^(https?:)?\/\//.test(value) || value.startsWith('/')));

/** spec 1 §2 'Header background editor (colour or image URL)' and the shop colours. */
export function BackgroundModal({ owner, shop, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation('shopAdmin');
  const notifyApiError = useNotifyApiError();
  const [kind, setKind] = useState<'none' | 'color' | 'image'>(!shop.bgcolor ? 'none' : isImage(shop.bgcolor) ? 'image' : 'color');
  const [color, setColor] = useState(isImage(shop.bgcolor) ? '' : (shop.bgcolor ?? ''));
  const [image, setImage] = useState<UploadedImage | null>(isImage(shop.bgcolor) ? { url: shop.bgcolor!, id: null } : null);
  const [color1, setColor1] = useState(shop.store_theme_info.color1 ?? '');
  const [color2, setColor2] = useState(shop.store_theme_info.color2 ?? '');
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async () => {
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
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('background.title')}>
      <Stack>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as typeof kind)}
          data={[
            { value: 'none', label: t('background.none') },
            { value: 'color', label: t('background.color') },
            { value: 'image', label: t('background.image') },
          ]}
        />
        {kind === 'color' && <ColorInput label={t('background.color')} format="hex" value={color} onChange={setColor} />}
        {kind === 'image' && <ImageDrop owner={owner} label={t('background.image')} value={image} onChange={setImage} onUploadingChange={setUploading} rejection="long" />}
        <Group grow>
          <ColorInput label={t('background.colour1')} format="hex" value={color1} onChange={setColor1} />
          <ColorInput label={t('background.colour2')} format="hex" value={color2} onChange={setColor2} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={uploading}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
