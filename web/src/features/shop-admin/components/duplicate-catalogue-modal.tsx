import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { forkCatalogue, parseCatalogueOrigin } from '../api/catalogues';
import type { OwnerRef } from '../api/http';
import { catalogueNameRule } from '../domain/validation';
import { notifyError, notifySuccess } from './notify';

/** spec 1 §9: the fork reload waits 3.5 s. */
export const FORK_RELOAD_MS = 3_500;

interface Props {
  owner: OwnerRef;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
  initialOrigin?: string;
}

/** 'Duplicar catálogo' (spec 1 §2): a new catalogue of the owner filled with another owner's catalogue's products. */
export function DuplicateCatalogueModal({ owner, opened, onClose, onDone, initialOrigin = '' }: Props) {
  const { t } = useShopAdminTranslation();
  const form = useForm({
    initialValues: { origin: initialOrigin, name: '' },
    validate: {
      origin: (value) => (value.trim() && !parseCatalogueOrigin(value) ? t('validation.url') : null),
      name: (value) => {
        const rule = value ? catalogueNameRule(value) : null;
        return rule ? t(rule as 'validation.required') : null;
      },
    },
    validateInputOnChange: true,
  });
  const [busy, setBusy] = useState(false);
  const { origin, name } = form.getValues();

  const submit = form.onSubmit(async ({ origin, name }) => {
    const source = parseCatalogueOrigin(origin);
    if (!source || catalogueNameRule(name)) return;
    setBusy(true);
    try {
      await forkCatalogue(owner, name.trim(), source);
      // spec 1 §4 'Bulk add (fork)': 'Adding' for 3.5 s, then reload.
      await new Promise((resolve) => setTimeout(resolve, FORK_RELOAD_MS));
      notifySuccess(t('catalogues.copied'));
      onDone();
      onClose();
    } catch {
      notifyError(t('catalogues.copyError'), t('common.error'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('catalogues.duplicate')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('catalogues.duplicateHelp')}
          </Text>
          <TextInput
            label={t('catalogues.origin')}
            required
            {...form.getInputProps('origin')}
            placeholder="/tienda/olga/catalogos/mi-catalogo"
            data-testid="duplicate-origin"
          />
          <TextInput label={t('catalogues.targetName')} required {...form.getInputProps('name')} data-testid="duplicate-name" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!parseCatalogueOrigin(origin) || !name.trim()}>
              {busy ? t('catalogues.adding') : t('catalogues.duplicate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
