import {
  Alert,
  Button,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EditDeleteActions } from './edit-delete-actions';
import { StoreErrorCodes, VISIBILITY_TARGETS, type BannerJson, type ShopJson } from '@vitrina/contracts';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { isApiError } from '@/api/client';
import { useBanners, useDeleteBanner, useSaveBanner } from '../api/banners';
import type { OwnerRef } from '../api/http';
import { updateShop } from '../api/shop-settings';
import { bannerPayload, validateBanner, type BannerErrors, type BannerFormValues } from '../domain/validation';
import { ImageDrop } from '@/components/image-drop';
import { ProductName, ProductPicker } from './product-picker';
import { notifySuccess, useNotifyApiError } from './notify';

interface Props {
  owner: OwnerRef;
  shop: ShopJson;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function formOf(banner: BannerJson | null): BannerFormValues {
  return {
    hzt_image: banner?.hzt_image ?? '',
    hzt_image_id: banner?.hzt_image_id ?? '',
    vrt_image: banner?.vrt_image ?? '',
    vrt_image_id: banner?.vrt_image_id ?? '',
    link_type: banner?.action_type === 'product' ? 'PRODUCT' : 'URL',
    product: banner?.product ?? '',
    supplier: banner?.supplier ?? '',
    url: banner?.url ?? '',
    url_target: banner?.url_target ?? true,
    target: banner?.target ?? 'all',
  };
}

/**
 * spec 1 §2 'Carousel edit modal': a list section (1- or 2-column variant, with the column switch) and a form
 * section to add or edit a banner. Closing, saving or cancelling returns to the list.
 */
export function BannerEditorModal({ owner, shop, opened, onClose, onSaved }: Props) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const [editing, setEditing] = useState<BannerJson | 'new' | null>(null);
  const [columns, setColumns] = useState<1 | 2>(shop.store_theme_info.columns);
  const close = () => {
    setEditing(null);
    onClose();
  };

  const changeColumns = async (value: 1 | 2) => {
    const previous = columns;
    setColumns(value);
    try {
      await updateShop(owner, { columns: value });
      notifySuccess(t('banners.columnsSaved'));
      onSaved();
    } catch (error) {
      setColumns(previous);
      notifyApiError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('banners.title')} size="xl">
      {editing === null ? (
        <BannerList
          owner={owner}
          shopRef={shop.id}
          columns={columns}
          onColumns={(value) => void changeColumns(value)}
          onEdit={setEditing}
          onChanged={onSaved}
        />
      ) : (
        <BannerForm
          owner={owner}
          shopRef={shop.id}
          columns={columns}
          banner={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) onSaved();
          }}
        />
      )}
    </Modal>
  );
}

function BannerList({
  owner,
  shopRef,
  columns,
  onColumns,
  onEdit,
  onChanged,
}: {
  owner: OwnerRef;
  shopRef: string;
  columns: 1 | 2;
  onColumns: (value: 1 | 2) => void;
  onEdit: (banner: BannerJson | 'new') => void;
  onChanged: () => void;
}) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const banners = useBanners(owner);
  const remove = useDeleteBanner(owner);

  const onDelete = (banner: BannerJson) => {
    if (!window.confirm(t('banners.confirmDelete'))) return;
    remove.mutate(banner.id, {
      onSuccess: () => {
        notifySuccess(t('banners.deleted'));
        onChanged();
      },
      onError: notifyApiError,
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm">{t('banners.columns')}</Text>
          <SegmentedControl
            value={String(columns)}
            onChange={(value) => onColumns(value === '1' ? 1 : 2)}
            data={[
              { value: '1', label: t('banners.oneColumn') },
              { value: '2', label: t('banners.twoColumns') },
            ]}
            data-testid="banner-columns"
          />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit('new')} data-testid="banner-add">
          {t('banners.add')}
        </Button>
      </Group>
      {banners.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={48} />
          ))}
        </Stack>
      ) : banners.isError ? (
        <Alert color="red">
          {t('common.loadError')}{' '}
          <Button variant="subtle" size="xs" onClick={() => void banners.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : banners.data.results.length === 0 ? (
        <Text c="dimmed">{t('banners.empty')}</Text>
      ) : (
        <Table verticalSpacing="xs" data-columns={columns}>
          <Table.Tbody>
            {banners.data.results.map((banner) => (
              <Table.Tr key={banner.id} data-testid="banner-row">
                {/* spec 1 §2: banner admin tables show images at 120x40. */}
                <Table.Td w={130}>
                  <Image src={banner.hzt_image} alt={t('banners.preview')} w={120} h={40} fit="cover" radius="xs" />
                </Table.Td>
                {columns === 1 && (
                  <Table.Td w={60}>
                    <Image src={banner.vrt_image} alt="" w={40} h={40} fit="cover" radius="xs" />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {banner.action_type === 'product' && banner.product ? (
                      <>
                        {t('banners.linkProduct')}:{' '}
                        <ProductName owner={owner} shopRef={shopRef} value={{ product: banner.product, supplier: banner.supplier ?? '' }} />
                      </>
                    ) : (
                      (banner.url ?? '—')
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`banners.targets.${banner.target}`)}
                  </Text>
                </Table.Td>
                <Table.Td w={90}>
                  <EditDeleteActions
                    onEdit={() => onEdit(banner)}
                    onDelete={() => onDelete(banner)}
                    deleting={remove.isPending && remove.variables === banner.id}
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

function BannerForm({
  owner,
  shopRef,
  columns,
  banner,
  onDone,
}: {
  owner: OwnerRef;
  shopRef: string;
  columns: 1 | 2;
  banner: BannerJson | null;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  // The banner's values and spec 1 §5's rules (which depend on the column count) in one @mantine/form.
  const form = useForm<BannerFormValues>({
    initialValues: formOf(banner),
    validate: (all) => {
      const found: BannerErrors = validateBanner(all, columns);
      return Object.fromEntries(Object.entries(found).map(([key, rule]) => [key, rule ? t(rule as 'validation.required') : null]));
    },
  });
  const values = form.getValues();
  const errors = form.errors;
  const [uploading, setUploading] = useState(0);
  const save = useSaveBanner(owner);
  const set = <K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) => form.setFieldValue(key, value as never);
  const err = (key: keyof BannerFormValues) => {
    const message = errors[key];
    return typeof message === 'string' ? message : null;
  };

  const submit = () => {
    if (form.validate().hasErrors) return;
    save.mutate(
      { ...(banner ? { id: banner.id } : {}), body: bannerPayload(values) },
      {
        onSuccess: () => {
          notifySuccess(banner ? t('banners.updated') : t('banners.created'));
          onDone(true);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === StoreErrorCodes.invalidCarouselLink)
            form.setFieldError('url', t('validation.invalidCarouselLink'));
          // spec 1 §8 'Banner errors': title Error, 'Ocurrió un error' unless the code says more (the limit, the image).
          notifyApiError(error);
        },
      },
    );
  };

  return (
    <Stack>
      <Text fw={600}>{banner ? t('banners.edit') : t('banners.add')}</Text>
      <ImageDrop
        owner={owner}
        label={t('banners.desktop')}
        value={values.hzt_image ? { url: values.hzt_image, id: values.hzt_image_id || null } : null}
        onChange={(image) => {
          form.setValues({ hzt_image: image?.url ?? '', hzt_image_id: image?.id ?? '' });
          form.clearFieldError('hzt_image');
        }}
        onUploadingChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
        recommended={columns === 2 ? '1100x982 px · 3200x982 px' : '3200x982 px'}
        error={err('hzt_image')}
        testId="banner-desktop-drop"
      />
      <ImageDrop
        owner={owner}
        label={t('banners.mobile')}
        value={values.vrt_image ? { url: values.vrt_image, id: values.vrt_image_id || null } : null}
        onChange={(image) => {
          form.setValues({ vrt_image: image?.url ?? '', vrt_image_id: image?.id ?? '' });
          form.clearFieldError('vrt_image');
        }}
        onUploadingChange={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
        recommended="1000x450 px"
        error={err('vrt_image')}
        testId="banner-mobile-drop"
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('banners.linkType')}
        </Text>
        <SegmentedControl
          value={values.link_type}
          onChange={(value) => set('link_type', value)}
          data={[
            { value: 'URL', label: t('banners.linkUrl') },
            { value: 'PRODUCT', label: t('banners.linkProduct') },
          ]}
        />
      </Stack>
      {values.link_type === 'URL' ? (
        <TextInput
          label={t('banners.url')}
          value={values.url}
          onChange={(event) => set('url', event.currentTarget.value)}
          error={err('url')}
          placeholder="https://"
        />
      ) : (
        <ProductPicker
          owner={owner}
          shopRef={shopRef}
          label={t('productPicker.label')}
          value={values.product && values.supplier ? { product: values.product, supplier: values.supplier } : null}
          onChange={(picked) => {
            form.setValues({ product: picked?.product ?? '', supplier: picked?.supplier ?? '' });
            form.clearFieldError('product');
            form.clearFieldError('supplier');
          }}
          error={errors.product || errors.supplier ? t('productPicker.required') : null}
          testId="banner-product"
        />
      )}
      <Select
        label={t('banners.target')}
        value={values.target}
        allowDeselect={false}
        onChange={(value) => value && set('target', value)}
        data={VISIBILITY_TARGETS.map((value) => ({ value, label: t(`banners.targets.${value}`) }))}
      />
      <Switch
        label={t('banners.newTab')}
        checked={values.url_target}
        onChange={(event) => set('url_target', event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={uploading > 0} data-testid="banner-save">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
