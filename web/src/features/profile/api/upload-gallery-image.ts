import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@/api/client';
import { accountsApi } from '@/features/auth/api/accounts-api';

export interface GalleryImage {
  url: string;
  id: string;
  main_colors?: string[];
}

/** spec 2 §5: a profile photo is at most 4,000,000 bytes, jpg, jpeg, png or svg. */
export const PROFILE_PHOTO_MAX_BYTES = 4_000_000;
export const PROFILE_PHOTO_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/svg+xml': ['.svg'],
} as const;

/** spec 2 §7 `POST gallery /{owner}:{mashupID}/`: multipart name, image -> url, id (and main colours). */
export function uploadGalleryImage(ownerID: string, file: File): Promise<GalleryImage> {
  const owner = encodeURIComponent(ownerID);
  const body = new FormData();
  body.set('name', file.name);
  body.set('image', file);
  return unwrap<GalleryImage>(
    accountsApi.POST(`/api/gallery/${owner}:${owner}/`, {
      body,
      // FormData goes as is: the browser writes the multipart boundary.
      bodySerializer: (value: unknown) => value as FormData,
    }),
  );
}

export function useUploadGalleryImage(ownerID: string) {
  return useMutation({ mutationFn: (file: File) => uploadGalleryImage(ownerID, file) });
}
