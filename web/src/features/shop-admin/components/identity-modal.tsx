import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { PHOTO_DISPLAYS, type PhotoDisplay, type ShopJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnerRef } from '../api/http';
import { updateShop } from '../api/shop-settings';
import { shopNameRule } from '../domain/validation';
import { ImageDrop, type UploadedImage } from './image-drop';
import { notifySuccess, useNotifyApiError } from './notify';

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** spec 1 §2 'shop image/name form': name (required), logo with photo_display, recommended sizes shown. */
export function IdentityModal({ owner, shop, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation('shopAdmin');
  const notifyApiError = useNotifyApiError();
  const [name, setName] = useState(shop.name);
  const [photo, setPhoto] = useState<UploadedImage | null>(shop.photo ? { url: shop.photo, id: null } : null);
  const [display, setDisplay] = useState<PhotoDisplay>(shop.photo_display);
  const [hideName, setHideName] = useState(shop.hidden_store_name);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const nameError = touched ? shopNameRule(name) : null;
  const rectangular = display === 'rec' || display === 'bdr_rec';

  const save = async () => {
    setTouched(true);
    if (shopNameRule(name)) return;
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
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('identity.title')} size="lg">
      <Stack>
        <TextInput
          label={t('identity.name')}
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={nameError ? t(nameError as 'validation.required') : null}
          data-invalid={nameError ? true : undefined}
          data-testid="shop-name-input"
        />
        <ImageDrop
          owner={owner}
          label={t('identity.logo')}
          value={photo}
          onChange={setPhoto}
          onUploadingChange={setUploading}
          rejection="short"
          recommended={rectangular ? t('identity.recommendedRect') : t('identity.recommendedSquare')}
          testId="shop-logo-drop"
        />
        <Select
          label={t('identity.display')}
          value={display}
          allowDeselect={false}
          onChange={(value) => value && setDisplay(value as PhotoDisplay)}
          data={PHOTO_DISPLAYS.map((value) => ({ value, label: t(`identity.displays.${value}`) }))}
        />
        <Checkbox label={t('identity.hideName')} checked={hideName} onChange={(event) => setHideName(event.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={uploading} data-testid="shop-identity-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
