import { ActionIcon, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash } from '@tabler/icons-react';
import { CatalogueLimits } from '@vitrina/contracts';
import { IMAGE_MIME, ImageDrop } from '@/components/image-drop';
import type { SupplierRef } from '../api/http';
import type { SupplierT } from '../i18n/texts';
import classes from './supplier-items.module.css';

interface Props {
  owner: SupplierRef;
  photos: string[];
  onAdd: (url: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onUploadingChange: (uploading: boolean) => void;
  error?: string | null;
  t: SupplierT;
}

/**
 * Several photos through the gallery drop zone (one upload at a time), reordered with buttons (keyboard and
 * touch alike) and removed; the first one is the main photo the cards show.
 */
export function PhotosField({ owner, photos, onAdd, onMove, onRemove, onUploadingChange, error, t }: Props) {
  const full = photos.length >= CatalogueLimits.itemPhotosMax;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('form.photosHint', { max: CatalogueLimits.itemPhotosMax })}
      </Text>
      {photos.length > 0 && (
        <Group gap="sm" wrap="wrap" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="item-photos">
          {photos.map((url, index) => (
            <Box component="li" key={`${url}-${index}`} className={classes.photo} data-testid="item-photo">
              <img src={url} alt={t('form.photoAlt', { n: index + 1 })} className={classes.photoImage} />
              {index === 0 && (
                <Badge size="xs" pos="absolute" top={6} left={6}>
                  {t('form.photoMain')}
                </Badge>
              )}
              <Group gap={4} justify="center" mt={4}>
                <ActionIcon
                  variant="default"
                  size="sm"
                  aria-label={t('form.photoLeft', { n: index + 1 })}
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                >
                  <IconArrowLeft size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="sm"
                  aria-label={t('form.photoRight', { n: index + 1 })}
                  disabled={index === photos.length - 1}
                  onClick={() => onMove(index, index + 1)}
                >
                  <IconArrowRight size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="light"
                  color="red"
                  size="sm"
                  aria-label={t('form.photoRemove', { n: index + 1 })}
                  onClick={() => onRemove(index)}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Box>
          ))}
        </Group>
      )}
      {full ? (
        <Text size="sm">{t('form.photosFull', { max: CatalogueLimits.itemPhotosMax })}</Text>
      ) : (
        <ImageDrop
          owner={owner}
          label={t('form.photosAdd')}
          value={null}
          onChange={(image) => image && onAdd(image.url)}
          onUploadingChange={onUploadingChange}
          mime={IMAGE_MIME.catalogue}
          rejection="short"
          testId="item-photo-drop"
        />
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
