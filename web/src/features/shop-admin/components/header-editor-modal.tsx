import {
  Alert,
  Box,
  Button,
  ColorInput,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { EditDeleteActions } from './edit-delete-actions';
import { HEADER_BUTTON_LABELS, StoreLimits, VISIBILITY_TARGETS, type HeaderJson } from '@vitrina/contracts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { useDeleteHeader, useHeaders, useSaveHeader } from '../api/headers';
import type { OwnerRef } from '../api/http';
import { GRADIENT_PRESETS, gradientCss } from '../domain/gradients';
import { headerPayload, validateHeader, type HeaderErrors, type HeaderFormValues } from '../domain/validation';
import { notifySuccess, useNotifyApiError } from './notify';
import { ProductPicker } from './product-picker';

interface Props {
  owner: OwnerRef;
  /** The shop's id, for the product picker's search; read from the owner's shop when not given. */
  shopRef?: string;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function formOf(header: HeaderJson | null): HeaderFormValues {
  return {
    title: header?.title ?? '',
    subtitle: header?.subtitle ?? '',
    description: header?.description ?? '',
    action_type: header?.action_type ?? 'none',
    url: header?.url ?? '',
    product: header?.product ?? '',
    product_supplier: header?.product_supplier ?? '',
    button_label: header?.button_label ?? '',
    initial_color: header?.initial_color ?? StoreLimits.defaultHeaderColor,
    final_color: header?.final_color ?? StoreLimits.defaultHeaderColor,
    target: header?.target ?? 'all',
  };
}

/** spec 1 §2 'Header edit modal': sections list and form (with colour and custom colour); back to the list after save or cancel. */
export function HeaderEditorModal({ owner, shopRef, opened, onClose, onSaved }: Props) {
  const { t } = useShopAdminTranslation();
  const [editing, setEditing] = useState<HeaderJson | 'new' | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('headers.title')} size="xl">
      {editing === null ? (
        <HeaderList owner={owner} onEdit={setEditing} onChanged={onSaved} />
      ) : (
        <HeaderForm
          owner={owner}
          shopRef={shopRef}
          header={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) onSaved();
          }}
        />
      )}
    </Modal>
  );
}

function HeaderList({
  owner,
  onEdit,
  onChanged,
}: {
  owner: OwnerRef;
  onEdit: (header: HeaderJson | 'new') => void;
  onChanged: () => void;
}) {
  const { t } = useShopAdminTranslation();
  const headers = useHeaders(owner);
  const remove = useDeleteHeader(owner);
  const notifyApiError = useNotifyApiError();
  const onDelete = (header: HeaderJson) =>
    remove.mutate(header.id, {
      onSuccess: () => {
        notifySuccess(t('headers.deleted'));
        onChanged();
      },
      onError: notifyApiError,
    });

  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit('new')} data-testid="header-add">
          {t('headers.add')}
        </Button>
      </Group>
      {headers.isPending ? (
        <Stack gap="xs">
          {[0, 1].map((key) => (
            <Skeleton key={key} h={48} />
          ))}
        </Stack>
      ) : headers.isError ? (
        <Alert color="red">
          {t('common.loadError')}{' '}
          <Button variant="subtle" size="xs" onClick={() => void headers.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : headers.data.results.length === 0 ? (
        <Text c="dimmed">{t('headers.empty')}</Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {headers.data.results.map((header) => (
              <Table.Tr key={header.id} data-testid="header-row">
                <Table.Td w={56}>
                  <Box
                    w={40}
                    h={40}
                    style={{
                      borderRadius: '50%',
                      background: gradientCss(header.initial_color, header.final_color),
                      border: '1px solid var(--mantine-color-gray-3)',
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={1}>
                    {header.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {header.subtitle ?? ''} {header.button_label ? `· ${t(`headers.labels.${header.button_label}`)}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td w={90}>
                  <EditDeleteActions
                    onEdit={() => onEdit(header)}
                    onDelete={() => onDelete(header)}
                    deleting={remove.isPending && remove.variables === header.id}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function HeaderForm({
  owner,
  shopRef,
  header,
  onDone,
}: {
  owner: OwnerRef;
  shopRef: string | undefined;
  header: HeaderJson | null;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useShopAdminTranslation();
  // The section's values and spec 1 §5's rules in one @mantine/form; changing a field clears its message.
  const form = useForm<HeaderFormValues>({
    initialValues: formOf(header),
    validate: (all) => {
      const found: HeaderErrors = validateHeader(all);
      return Object.fromEntries(Object.entries(found).map(([key, rule]) => [key, rule ? t(rule as 'validation.required') : null]));
    },
  });
  const values = form.getValues();
  const [custom, setCustom] = useState(() => !GRADIENT_PRESETS.some(([a, b]) => a === values.initial_color && b === values.final_color));
  const save = useSaveHeader(owner);
  const notifyApiError = useNotifyApiError();
  const set = <K extends keyof HeaderFormValues>(key: K, value: HeaderFormValues[K]) => form.setFieldValue(key, value as never);
  const err = (key: keyof HeaderFormValues) => {
    const message = form.errors[key];
    return typeof message === 'string' ? message : null;
  };
  const counter = (value: string, max: number) => t('headers.count', { count: value.trim().length, max });

  const submit = () => {
    if (form.validate().hasErrors) return;
    save.mutate(
      { ...(header ? { id: header.id } : {}), body: headerPayload(values) },
      {
        onSuccess: () => {
          notifySuccess(header ? t('headers.updated') : t('headers.created'));
          onDone(true);
        },
        onError: notifyApiError,
      },
    );
  };

  return (
    <Stack>
      <Text fw={600}>{header ? t('headers.edit') : t('headers.add')}</Text>
      <Box p="md" style={{ borderRadius: 8, background: gradientCss(values.initial_color, values.final_color) }} aria-hidden>
        <Text fw={700} c="dark">
          {values.title || t('headers.fieldTitle')}
        </Text>
        {values.subtitle && <Text c="dark">{values.subtitle}</Text>}
      </Box>
      <TextInput
        label={t('headers.fieldTitle')}
        required
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={err('title')}
        description={counter(values.title, StoreLimits.headerTitleMax)}
        data-testid="header-title"
      />
      <TextInput
        label={t('headers.subtitle')}
        value={values.subtitle}
        onChange={(event) => set('subtitle', event.currentTarget.value)}
        error={err('subtitle')}
        description={counter(values.subtitle, StoreLimits.headerSubtitleMax)}
      />
      <Textarea
        label={t('headers.description')}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={err('description')}
        description={counter(values.description, StoreLimits.headerDescriptionMax)}
        autosize
        minRows={2}
      />
      <Select
        label={t('headers.action')}
        value={values.action_type}
        allowDeselect={false}
        onChange={(value) => value && set('action_type', value)}
        data={(['none', 'url', 'product'] as const).map((value) => ({ value, label: t(`headers.actions.${value}`) }))}
        data-testid="header-action"
      />
      {/* spec 1 §4: the button fields show only when action_type is not none. */}
      {values.action_type !== 'none' && (
        <>
          <Select
            label={t('headers.buttonLabel')}
            value={values.button_label || null}
            onChange={(value) => set('button_label', value ?? '')}
            data={HEADER_BUTTON_LABELS.map((value) => ({ value, label: t(`headers.labels.${value}`) }))}
            error={err('button_label')}
            data-testid="header-button-label"
          />
          {values.action_type === 'url' ? (
            <TextInput
              label={t('headers.url')}
              value={values.url}
              onChange={(event) => set('url', event.currentTarget.value)}
              error={err('url')}
              placeholder="https://"
              data-testid="header-url"
            />
          ) : (
            <ProductPicker
              owner={owner}
              shopRef={shopRef}
              label={t('productPicker.label')}
              value={values.product && values.product_supplier ? { product: values.product, supplier: values.product_supplier } : null}
              onChange={(picked) => {
                form.setValues({ product: picked?.product ?? '', product_supplier: picked?.supplier ?? '' });
                form.clearFieldError('product');
                form.clearFieldError('product_supplier');
              }}
              error={form.errors.product || form.errors.product_supplier ? t('productPicker.required') : null}
              testId="header-product"
            />
          )}
        </>
      )}
      {/* spec 1 §3 'Header.target': the server takes it and the storefront filters by it (as banners). */}
      <Select
        label={t('headers.target')}
        value={values.target}
        allowDeselect={false}
        onChange={(value) => value && set('target', value)}
        data={VISIBILITY_TARGETS.map((value) => ({ value, label: t(`banners.targets.${value}`) }))}
        data-testid="header-target"
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('headers.colour')}
        </Text>
        <Group gap="xs">
          {GRADIENT_PRESETS.map(([initial, final]) => {
            const selected = !custom && values.initial_color === initial && values.final_color === final;
            return (
              <UnstyledButton
                key={`${initial}-${final}`}
                aria-label={`${initial} → ${final}`}
                aria-pressed={selected}
                onClick={() => {
                  setCustom(false);
                  form.setValues({ initial_color: initial, final_color: final });
                }}
                style={{
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  background: gradientCss(initial, final),
                  border: selected ? '2px solid var(--mantine-color-blue-6)' : '1px solid var(--mantine-color-gray-4)',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {selected && <IconCheck size={14} />}
              </UnstyledButton>
            );
          })}
          <Tooltip label={t('headers.custom')}>
            <Button size="xs" variant={custom ? 'filled' : 'light'} onClick={() => setCustom(true)}>
              {t('headers.custom')}
            </Button>
          </Tooltip>
        </Group>
        {custom && (
          <Group grow>
            <ColorInput
              label={t('headers.initialColour')}
              format="hex"
              value={values.initial_color}
              onChange={(value) => set('initial_color', value)}
              error={err('initial_color')}
            />
            <ColorInput
              label={t('headers.finalColour')}
              format="hex"
              value={values.final_color}
              onChange={(value) => set('final_color', value)}
              error={err('final_color')}
            />
          </Group>
        )}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} data-testid="header-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
