import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CatalogueErrorCodes, type CatalogueJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { createCatalogue, updateCatalogue } from '../api/catalogues';
import type { OwnerRef } from '../api/http';
import { catalogueNameRule, cataloguePhotoRule } from '../domain/validation';
import { IMAGE_MIME, ImageDrop, type UploadedImage } from './image-drop';
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
  const { t } = useTranslation('shopAdmin');
  const notifyApiError = useNotifyApiError();
  const [name, setName] = useState(catalogue?.name ?? '');
  const [photo, setPhoto] = useState<UploadedImage | null>(catalogue?.photo ? { url: catalogue.photo, id: null } : null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverNameError, setServerNameError] = useState(false);
  const nameError = touched ? catalogueNameRule(name) : null;
  const photoError = photo ? cataloguePhotoRule(photo.url) : null;

  const save = async () => {
    setTouched(true);
    if (catalogueNameRule(name) || photoError) return;
    setSaving(true);
    setServerNameError(false);
    try {
      const body = { name: name.trim(), photo: photo?.url ?? null };
      const saved = catalogue ? await updateCatalogue(owner, catalogue.id, body) : await createCatalogue(owner, body);
      notifySuccess(catalogue ? t('catalogues.updated') : t('catalogues.created'));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (isNameError(error)) setServerNameError(true);
      else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={catalogue ? t('catalogues.edit') : t('catalogues.new')}>
      <Stack>
        <TextInput
          label={t('catalogues.name')}
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setServerNameError(false);
          }}
          onBlur={() => setTouched(true)}
          error={serverNameError ? t('validation.invalidName') : nameError ? t(nameError as 'validation.required') : null}
          data-testid="catalogue-name"
        />
        <ImageDrop
          owner={owner}
          label={t('catalogues.photo')}
          value={photo}
          onChange={setPhoto}
          onUploadingChange={setUploading}
          mime={IMAGE_MIME.catalogue}
          rejection="short"
          recommended="400x200 px"
          error={photoError ? t(photoError as 'validation.url') : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={uploading || saving} data-testid="catalogue-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
