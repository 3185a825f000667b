import { Group, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/responsive-image';
import classes from './item-page.module.css';

/** The item's photos: the chosen one large (400x300 ratio), thumbnails (80x80) to choose from. */
export function ItemPhotos({ photos, name }: { photos: string[]; name: string }) {
  const { t } = useTranslation('storefront');
  const [selected, setSelected] = useState(0);
  const current = photos[Math.min(selected, photos.length - 1)];
  return (
    <div>
      <div className={classes.mainPhoto}>
        {current ? (
          // The page's main picture (its largest paint): loaded first, at half the page's width beside the details, full width on phones.
          <ResponsiveImage
            src={current}
            alt={name}
            width={800}
            height={600}
            sizes="(max-width: 48em) 100vw, (max-width: 75em) 50vw, 600px"
            priority
          />
        ) : (
          <Group h="100%" justify="center" c="dimmed" aria-label={t('item.noPhoto')} role="img">
            <IconPhoto size={64} stroke={1.25} aria-hidden />
          </Group>
        )}
      </div>
      {photos.length > 1 && (
        <Group gap="xs" mt="sm" role="group" aria-label={t('item.photos')}>
          {photos.map((photo, index) => (
            <UnstyledButton
              key={`${photo}-${index}`}
              className={classes.thumb}
              data-active={index === selected ? '' : undefined}
              onClick={() => setSelected(index)}
              aria-label={t('item.photoN', { n: index + 1 })}
              aria-pressed={index === selected}
            >
              <ResponsiveImage src={photo} alt="" width={80} height={80} sizes="80px" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </div>
  );
}
