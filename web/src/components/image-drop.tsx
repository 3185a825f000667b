import '@mantine/dropzone/styles.css';
import { Box, CloseButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp } from '@tabler/icons-react';
import { GalleryLimits } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage, type GalleryOwner } from '@/api/gallery-upload';

export const IMAGE_MIME = {
  /** spec 1 §5: jpeg, png, svg (the mobile banner also jpg, the same type). */
  standard: ['image/jpeg', 'image/png', 'image/svg+xml'],
  /** spec 1 §5 'Catalogue form': jpeg, png, jpg, svg+xml. */
  catalogue: ['image/jpeg', 'image/jpg', 'image/png', 'image/svg+xml'],
} as const;

/** spec 1 §5: the long rejection message stays 15 s, the short variant 10 s. */
export const REJECTION_MS = { long: 15_000, short: 10_000 } as const;

export interface UploadedImage {
  url: string;
  id: string | null;
}

interface ImageDropProps {
  owner: GalleryOwner;
  label: string;
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  recommended?: string;
  mime?: readonly string[];
  /** Which rejection message (spec 1 §5): 'long' for the header/banner forms, 'short' for the others. */
  rejection?: 'long' | 'short';
  error?: string | null;
  previewHeight?: number;
  testId?: string;
}

/**
 * A gallery drop zone: one file, the gallery's maximum size, the spec's formats and rejection messages. Shared by
 * the shop owner's editors and the supplier's item form. Its texts are the app's own (`upload.*`), loaded with
 * every page, since each of its users brings its feature's texts separately.
 */
export function ImageDrop({
  owner,
  label,
  value,
  onChange,
  onUploadingChange,
  recommended,
  mime = IMAGE_MIME.standard,
  rejection = 'long',
  error,
  previewHeight = 80,
  testId,
}: ImageDropProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const mb = Math.round(GalleryLimits.maxBytes / 1_000_000);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setBusy(true);
    try {
      const uploaded = await uploadImage(owner, file);
      onChange({ url: uploaded.url, id: uploaded.id });
    } catch {
      // spec 1 §8: upload failure shows its message and the photo is cleared.
      onChange(null);
      notifications.show({ color: 'red', message: t('upload.failed'), autoClose: REJECTION_MS.short });
    } finally {
      setBusy(false);
    }
  };

  const onReject = (_rejections: FileRejection[]) => {
    const message = rejection === 'long' ? t('upload.rejectedLong', { mb }) : t('upload.rejectedShort', { mb });
    notifications.show({ color: 'red', message, autoClose: REJECTION_MS[rejection] });
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {recommended && (
        <Text size="xs" c="dimmed">
          {t('upload.recommended', { size: recommended })}
        </Text>
      )}
      <Group align="center" wrap="nowrap">
        {value && (
          <Box pos="relative">
            <Image src={value.url} alt="" h={previewHeight} w="auto" fit="contain" radius="sm" />
            <CloseButton size="sm" pos="absolute" top={0} right={0} aria-label={t('upload.remove')} onClick={() => onChange(null)} />
          </Box>
        )}
        <Dropzone
          onDrop={(files) => void onDrop(files)}
          onReject={onReject}
          maxSize={GalleryLimits.maxBytes}
          maxFiles={1}
          multiple={false}
          accept={[...mime]}
          loading={uploading}
          style={{ flex: 1 }}
          data-testid={testId}
        >
          <Group justify="center" gap="xs" mih={60} style={{ pointerEvents: 'none' }}>
            {uploading ? <Loader size="sm" /> : <IconPhotoUp size={24} stroke={1.5} />}
            <div>
              <Text size="sm">{uploading ? t('upload.uploading') : t('upload.drop')}</Text>
              <Text size="xs" c="dimmed">
                {t('upload.formats', { formats: '.jpeg, .png, .svg', mb })}
              </Text>
            </div>
          </Group>
        </Dropzone>
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
