import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CatalogueErrorCodes, type CatalogueJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { isApiError } from '@/api/client';
import { createCatalogue, updateCatalogue } from '../api/catalogues';
import type { OwnerRef } from '../api/http';
import { catalogueNameRule, cataloguePhotoRule } from '../domain/validation';
import { IMAGE_MIME, ImageDrop, type UploadedImage } from '@/components/image-drop';
import { notifySuccess, useNotifyApiError } from './notify';

interface Props {
  owner: OwnerRef;
  /** null: a new catalogue. */
  catalogue: CatalogueJson | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (catalogue: CatalogueJson) => void;
}

/** A server error about the name shows under the field as 'Invalid name' (spec 1 §5, §8). */
function isNameError(error: unknown): boolean {
  return isApiError(error) && (error.code === CatalogueErrorCodes.invalidName || Boolean(error.fields?.['name']?.length));
}

/** spec 1 §2, §4 'Catalogue create/edit': name and photo (drop zone), saving disabled while uploading or submitting. */
export function CatalogueFormModal({ owner, catalogue, opened, onClose, onSaved }: Props) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const form = useForm<{ name: string; photo: UploadedImage | null }>({
    initialValues: { name: catalogue?.name ?? '', photo: catalogue?.photo ? { url: catalogue.photo, id: null } : null },
    validate: {
      name: (value) => {
        const rule = catalogueNameRule(value);
        return rule ? t(rule as 'validation.required') : null;
      },
      photo: (value) => {
        const rule = value ? cataloguePhotoRule(value.url) : null;
        return rule ? t(rule as 'validation.url') : null;
      },
    },
    validateInputOnBlur: ['name'],
    // A dropped photo is judged at once (its address must be the gallery's).
    validateInputOnChange: ['photo'],
  });
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = form.onSubmit(async ({ name, photo }) => {
    setSaving(true);
    try {
      const body = { name: name.trim(), photo: photo?.url ?? null };
      const saved = catalogue ? await updateCatalogue(owner, catalogue.id, body) : await createCatalogue(owner, body);
      notifySuccess(catalogue ? t('catalogues.updated') : t('catalogues.created'));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (isNameError(error)) form.setFieldError('name', t('validation.invalidName'));
      else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={catalogue ? t('catalogues.edit') : t('catalogues.new')}>
      <form onSubmit={save} noValidate>
        <Stack>
          <TextInput label={t('catalogues.name')} required {...form.getInputProps('name')} data-testid="catalogue-name" />
          <ImageDrop
            owner={owner}
            label={t('catalogues.photo')}
            value={form.getValues().photo}
            onChange={(photo) => form.setFieldValue('photo', photo)}
            onUploadingChange={setUploading}
            mime={IMAGE_MIME.catalogue}
            rejection="short"
            recommended="400x200 px"
            error={typeof form.errors.photo === 'string' ? form.errors.photo : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={uploading || saving} data-testid="catalogue-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
