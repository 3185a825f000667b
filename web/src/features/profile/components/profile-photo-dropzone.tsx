import '@mantine/dropzone/styles.css';
import { Alert, Avatar, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useTimeout } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ErrorCodes } from '@vitrina/contracts';
import { IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client';
import { useUpdateAdminProfile } from '../api/update-admin-profile';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, useUploadGalleryImage } from '../api/upload-gallery-image';

/** spec 2 §4, §9: the image drop error banner hides after 10 s. */
export const DROP_ERROR_MS = 10_000;

/** The maximum in MB as the banner writes it (4,000,000 bytes -> 4). */
const MAX_MB = PROFILE_PHOTO_MAX_BYTES / 1_000_000;

interface ProfilePhotoDropzoneProps {
  meID: string;
  name: string;
  photo: string | null;
}

/** The server refused the file itself (size or format), as opposed to failing to store it. */
function isRejectedFile(error: unknown): boolean {
  return (
    isApiError(error) && (error.code === ErrorCodes.payloadTooLarge || error.code === ErrorCodes.validationFailed || error.status === 415)
  );
}

/**
 * spec 2 §2 profile photo: an image drop zone (jpg, jpeg, png, svg up to 4,000,000 bytes) and its error
 * banner (10 s). The image goes to the gallery, then its URL to the profile.
 */
export function ProfilePhotoDropzone({ meID, name, photo }: ProfilePhotoDropzoneProps) {
  const { t } = useTranslation('profile');
  const upload = useUploadGalleryImage(meID);
  const update = useUpdateAdminProfile(meID);
  const [bannerShown, setBannerShown] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const { start, clear } = useTimeout(() => setBannerShown(false), DROP_ERROR_MS);

  const showBanner = () => {
    clear();
    setBannerShown(true);
    start();
  };

  const busy = upload.isPending || update.isPending;

  const onDrop = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setBannerShown(false);
    const localUrl = URL.createObjectURL(file);
    setPreview(localUrl);
    try {
      const image = await upload.mutateAsync(file);
      await update.mutateAsync({ photo: image.url });
      notifications.show({ color: 'teal', message: t('photo.updated'), autoClose: 5_000 });
    } catch (error) {
      if (isRejectedFile(error)) showBanner();
      // spec 2 §8: profile photo failure: a toast that the photo could not be updated now.
      else notifications.show({ color: 'red', title: t('failed'), message: t('photo.failed'), autoClose: 7_000 });
    } finally {
      setPreview(null);
      URL.revokeObjectURL(localUrl);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar src={preview ?? photo} alt={name} name={name || undefined} color="initials" size={96} radius={96} />
        <Dropzone
          flex={1}
          onDrop={(files) => void onDrop(files)}
          onReject={showBanner}
          maxSize={PROFILE_PHOTO_MAX_BYTES}
          accept={PROFILE_PHOTO_TYPES}
          multiple={false}
          loading={busy}
          useFsAccessApi={false}
          // A focusable control that opens the file picker with Enter or Space (react-dropzone calls it 'presentation').
          role="button"
          aria-label={t('photo.dropLabel')}
          p="md"
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={64} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={32} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoUp size={32} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                {t('photo.drop')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('photo.hint', { mb: MAX_MB })}
              </Text>
            </div>
          </Group>
        </Dropzone>
      </Group>
      {bannerShown && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('photo.closeBanner')} onClose={() => setBannerShown(false)}>
          {t('photo.rejected', { mb: MAX_MB })}
        </Alert>
      )}
    </Stack>
  );
}
