import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconAlertCircle, IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CatalogueLimits,
  ITEM_TYPES,
  MAIN_TYPES,
  STOCK_TYPES,
  type ItemJson,
  type ItemType,
  type MainType,
  type StockType,
} from '@vitrina/contracts';
import { useState, type ReactNode } from 'react';
import { isApiError } from '@/api/client';
import { changeItemState } from '../api/change-item-state';
import { deleteItem } from '../api/delete-item';
import type { SupplierRef } from '../api/http';
import { supplierItemsKeys } from '../api/keys';
import { createItem, updateItem } from '../api/save-item';
import {
  DEFAULT_ITEM_CURRENCY,
  emptyItemForm,
  itemToForm,
  normaliseTag,
  serverFieldErrors,
  toCreateBody,
  toUpdateBody,
  validateItemForm,
  type ItemFormErrors,
  type ItemFormValues,
} from '../domain/item-form';
import { useSupplierT, type SupplierKey, type SupplierT } from '../i18n/texts';
import { ItemStateBadges } from './item-state-badges';
import { LabelledSegments } from './labelled-segments';
import { notifySuccess, notifyWriteError } from './notify';
import { PhotosField } from './photos-field';
import classes from './supplier-items.module.css';
import { VariantsField } from './variants-field';

export interface ItemFormProps {
  owner: SupplierRef;
  /** null: a new item. */
  item: ItemJson | null;
  /** After creating: the route opens the new item's own page. */
  onCreated: (item: ItemJson) => void;
  onDeleted: () => void;
  backLink?: ReactNode;
}

/** The three money fields, alike but for the list price being required. */
const PRICE_FIELDS = [
  { field: 'list_price', label: 'form.listPrice', hint: 'form.listPriceHint', testId: 'item-list-price' },
  { field: 'crossout_price', label: 'form.crossoutPrice', hint: 'form.crossoutHint', testId: 'item-crossout-price' },
  { field: 'contribution_margin', label: 'form.contributionMargin', hint: 'form.marginHint', testId: 'item-contribution-margin' },
] as const satisfies ReadonlyArray<{ field: keyof ItemFormValues; label: SupplierKey; hint: SupplierKey; testId: string }>;

function translate(t: SupplierT, errors: ItemFormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, t(error.key, error.params)]));
}

/** Moves keyboard focus to the first field marked invalid, so a keyboard user lands where the problem is. */
function focusFirstInvalid(): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[data-item-form] [aria-invalid="true"]');
    field?.focus();
  });
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" component="section" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * The supplier's item form (issue 4; spec 1 §3 'Item'): every field a supplier sets, the catalogue's rules
 * checked before sending (services/catalogue item.dto + item.rules) with the messages under the fields, the
 * server's field errors placed the same way, publish/unpublish and delete. Saving is disabled while a photo
 * uploads or a request is on its way.
 */
export function ItemForm({ owner, item, onCreated, onDeleted, backLink }: ItemFormProps) {
  const { t } = useSupplierT();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<ItemJson | null>(item);
  const [uploads, setUploads] = useState(0);
  const [saving, setSaving] = useState(false);
  const [stateBusy, setStateBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showErrorSummary, setShowErrorSummary] = useState(false);

  const form = useForm<ItemFormValues>({
    mode: 'controlled',
    initialValues: item ? itemToForm(item) : emptyItemForm(),
    validate: (values) => translate(t, validateItemForm(values)),
    validateInputOnBlur: true,
  });
  const values = form.values;
  const uploading = uploads > 0;
  const busy = saving || stateBusy || deleting;
  const currency = current?.currency ?? DEFAULT_ITEM_CURRENCY;
  const hasErrors = Object.keys(form.errors).length > 0;

  const remember = (saved: ItemJson) => {
    setCurrent(saved);
    queryClient.setQueryData(supplierItemsKeys.item(owner.ownerId, saved.id), saved);
    void queryClient.invalidateQueries({
      queryKey: supplierItemsKeys.all(owner.ownerId),
      predicate: (query) => query.queryKey[2] === 'list',
    });
  };

  const onServerError = (error: unknown) => {
    if (isApiError(error) && error.status === 400 && error.fields) {
      const { errors, unplaced } = serverFieldErrors(error.fields);
      if (Object.keys(errors).length > 0) {
        form.setErrors(translate(t, errors));
        setShowErrorSummary(true);
        focusFirstInvalid();
      }
      if (unplaced || Object.keys(errors).length === 0) notifyWriteError(t, error);
      return;
    }
    notifyWriteError(t, error);
  };

  /** Sends the form (create or update); the saved item, or null when it failed (errors already shown). */
  const persist = async (valid: ItemFormValues): Promise<ItemJson | null> => {
    setSaving(true);
    try {
      const saved = current ? await updateItem(owner, current.id, toUpdateBody(valid)) : await createItem(owner, toCreateBody(valid));
      remember(saved);
      const next = itemToForm(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      setShowErrorSummary(false);
      return saved;
    } catch (error) {
      onServerError(error);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const validateAll = (): boolean => {
    const result = form.validate();
    if (result.hasErrors) {
      setShowErrorSummary(true);
      focusFirstInvalid();
      return false;
    }
    return true;
  };

  const onSubmit = form.onSubmit(
    async (valid) => {
      const wasNew = current === null;
      const saved = await persist(valid);
      if (!saved) return;
      notifySuccess(wasNew ? t('notices.created') : t('notices.updated'));
      if (wasNew) onCreated(saved);
    },
    () => {
      setShowErrorSummary(true);
      focusFirstInvalid();
    },
  );

  const changeState = async (to: 'publish' | 'unpublish') => {
    if (!current) return;
    let target = current;
    // Unsaved edits go out first: what gets published is what the supplier sees.
    if (form.isDirty()) {
      if (!validateAll()) return;
      const saved = await persist(form.getValues());
      if (!saved) return;
      target = saved;
    }
    setStateBusy(true);
    try {
      const changed = await changeItemState(owner, target.id, to);
      remember(changed);
      notifySuccess(to === 'publish' ? t('notices.published') : t('notices.unpublished'));
    } catch (error) {
      notifyWriteError(t, error);
    } finally {
      setStateBusy(false);
    }
  };

  const remove = async () => {
    if (!current) return;
    setDeleting(true);
    try {
      await deleteItem(owner, current.id);
      queryClient.removeQueries({ queryKey: supplierItemsKeys.item(owner.ownerId, current.id) });
      void queryClient.invalidateQueries({ queryKey: supplierItemsKeys.all(owner.ownerId) });
      setConfirmDelete(false);
      notifySuccess(t('notices.deleted'));
      onDeleted();
    } catch (error) {
      notifyWriteError(t, error);
    } finally {
      setDeleting(false);
    }
  };

  const onTagsChange = (next: string[]) => {
    const normalised = next.map(normaliseTag).filter(Boolean);
    const unique = [...new Set(normalised)];
    form.setFieldValue('tags', unique);
    if (unique.length < normalised.length) {
      const repeated = normalised.find((tag, index) => normalised.indexOf(tag) !== index);
      form.setFieldError('tags', t('errors.tagDuplicate', { tag: repeated }));
    } else form.clearFieldError('tags');
  };

  const published = current?.list_state === 'published';

  return (
    <form onSubmit={onSubmit} noValidate data-item-form="" data-testid="item-form">
      <Stack gap="md">
        {backLink}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {current ? t('form.editTitle') : t('form.newTitle')}
            </Title>
            {current && <ItemStateBadges item={current} t={t} />}
          </Stack>
          {current && (
            <Group gap="xs" wrap="wrap">
              {published ? (
                <Button
                  variant="default"
                  leftSection={<IconEyeOff size={16} aria-hidden />}
                  onClick={() => void changeState('unpublish')}
                  loading={stateBusy}
                  disabled={busy || uploading}
                  data-testid="item-unpublish"
                >
                  {t('form.unpublish')}
                </Button>
              ) : (
                <Button
                  color="teal"
                  leftSection={<IconEye size={16} aria-hidden />}
                  onClick={() => void changeState('publish')}
                  loading={stateBusy}
                  disabled={busy || uploading}
                  data-testid="item-publish"
                >
                  {t('form.publish')}
                </Button>
              )}
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirmDelete(true)}
                disabled={busy}
                data-testid="item-delete"
              >
                {t('form.delete')}
              </Button>
            </Group>
          )}
        </Group>

        {showErrorSummary && hasErrors && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="item-form-errors">
            {t('form.fixErrors')}
          </Alert>
        )}

        <Section title={t('form.sections.basics')}>
          <Stack gap="sm">
            <TextInput
              label={t('form.name')}
              required
              maxLength={CatalogueLimits.itemNameMax + 10}
              data-testid="item-name"
              {...form.getInputProps('name')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NativeSelect
                label={t('form.type')}
                data={ITEM_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                disabled={current !== null}
                description={current ? t('form.typeFixed') : undefined}
                data-testid="item-type"
                {...form.getInputProps('type')}
                onChange={(event) => form.setFieldValue('type', event.currentTarget.value as ItemType)}
              />
              <NativeSelect
                label={t('form.mainType')}
                data={MAIN_TYPES.map((type) => ({ value: type, label: t(`form.mainTypes.${type}`) }))}
                {...form.getInputProps('main_type')}
                onChange={(event) => form.setFieldValue('main_type', event.currentTarget.value as MainType)}
              />
            </SimpleGrid>
            {values.type === 'experience' && (
              <TextInput
                type="datetime-local"
                label={t('form.experienceDate')}
                description={t('form.experienceDateHint')}
                data-testid="item-experience-date"
                {...form.getInputProps('experience_date')}
              />
            )}
            <Textarea
              label={t('form.description')}
              autosize
              minRows={3}
              maxRows={12}
              maxLength={CatalogueLimits.itemDescriptionMax + 10}
              data-testid="item-description"
              {...form.getInputProps('description')}
            />
            <TagsInput
              label={t('form.tags')}
              description={t('form.tagsHint', { max: CatalogueLimits.itemTagsMax })}
              maxTags={CatalogueLimits.itemTagsMax}
              splitChars={[',']}
              clearable
              data-testid="item-tags"
              value={values.tags}
              onChange={onTagsChange}
              onDuplicate={(tag) => form.setFieldError('tags', t('errors.tagDuplicate', { tag }))}
              error={form.errors['tags']}
            />
          </Stack>
        </Section>

        <Section title={t('form.sections.photos')} testId="item-photos-section">
          <PhotosField
            owner={owner}
            photos={values.photos}
            onAdd={(url) => {
              form.insertListItem('photos', url);
              form.clearFieldError('photos');
            }}
            onMove={(from, to) => form.reorderListItem('photos', { from, to })}
            onRemove={(index) => form.removeListItem('photos', index)}
            onUploadingChange={(busyUpload) => setUploads((n) => Math.max(0, n + (busyUpload ? 1 : -1)))}
            error={typeof form.errors['photos'] === 'string' ? form.errors['photos'] : null}
            t={t}
          />
        </Section>

        <Section title={t('form.sections.price')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('form.currency', { currency })}
            </Text>
            <Switch label={t('form.isFree')} data-testid="item-is-free" {...form.getInputProps('is_free', { type: 'checkbox' })} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {PRICE_FIELDS.map((price) => (
                <TextInput
                  key={price.field}
                  label={t(price.label)}
                  description={t(price.hint)}
                  inputMode="decimal"
                  placeholder="0.00"
                  // Only the list price is required, and none of them for a free item.
                  required={price.field === 'list_price' && !values.is_free}
                  disabled={values.is_free}
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {currency}
                    </Text>
                  }
                  rightSectionWidth={48}
                  data-testid={price.testId}
                  {...form.getInputProps(price.field)}
                />
              ))}
            </SimpleGrid>
            <Switch label={t('form.hidePrice')} {...form.getInputProps('hide_price', { type: 'checkbox' })} />
            <Switch label={t('form.isDropshipping')} {...form.getInputProps('is_dropshipping', { type: 'checkbox' })} />
          </Stack>
        </Section>

        <Section title={t('form.sections.stock')}>
          <Stack gap="sm">
            <LabelledSegments
              labelId="item-stock-type-label"
              label={t('form.stockType')}
              data={STOCK_TYPES.map((type) => ({ value: type, label: t(`form.stockTypes.${type}`) }))}
              value={values.stock_type}
              onChange={(value) => form.setFieldValue('stock_type', value as StockType)}
              w="fit-content"
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('form.available')}
                description={t('form.availableHint')}
                inputMode="numeric"
                data-testid="item-available"
                {...form.getInputProps('available')}
              />
              <TextInput
                label={t('form.maxPurchase')}
                description={t('form.maxPurchaseHint')}
                inputMode="numeric"
                data-testid="item-max-purchase"
                {...form.getInputProps('max_purchase_amount')}
              />
            </SimpleGrid>
            <Switch label={t('form.soldOut')} data-testid="item-sold-out" {...form.getInputProps('sold_out', { type: 'checkbox' })} />
          </Stack>
        </Section>

        <Section title={t('form.sections.variants')} testId="item-variants-section">
          <VariantsField form={form} t={t} />
        </Section>

        <Section title={t('form.sections.visibility')}>
          <Stack gap="xs">
            <Switch label={t('form.hidden')} {...form.getInputProps('hiden', { type: 'checkbox' })} />
            {current && (
              <Text size="sm" c="dimmed">
                {t('form.state', { state: published ? t('states.published') : t('states.unpublished') })} · {t('form.publishHint')}
              </Text>
            )}
          </Stack>
        </Section>

        <Group className={classes.actions} justify="flex-end" gap="sm">
          {uploading && (
            <Text size="sm" c="dimmed" role="status">
              {t('form.uploading')}
            </Text>
          )}
          <Button type="submit" loading={saving} disabled={uploading || busy} data-testid="item-save">
            {current ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>

      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('form.deleteTitle')} centered>
        <Stack>
          <Text>{t('form.deleteText', { name: current?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmDelete(false)} disabled={deleting}>
              {t('form.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()} loading={deleting} data-testid="item-delete-confirm">
              {t('form.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
