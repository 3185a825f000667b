import type { GalleryUpload } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

/** spec 2 §5: a profile photo is at most 4,000,000 bytes, jpg, jpeg, png or svg. */
export const PROFILE_PHOTO_MAX_BYTES = 4_000_000;
export const PROFILE_PHOTO_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/svg+xml': ['.svg'],
} as const;

/** spec 2 §7 `POST gallery /{owner}:{mashupID}/`: multipart name, image -> url, id (and main colours). */
export function uploadGalleryImage(ownerID: string, file: File): Promise<GalleryUpload> {
  return unwrap(
    api.POST('/api/gallery/{owner}', {
      params: { path: { owner: ownerSegment(ownerID) } },
      // openapi-typescript writes a binary field as `string`: the File is what goes in the multipart body.
      body: { name: file.name, image: file as unknown as string },
      // FormData goes as is: the browser writes the multipart boundary.
      bodySerializer: (value) => {
        const form = new FormData();
        if (value.name) form.set('name', value.name);
        form.set('image', value.image as unknown as Blob);
        return form;
      },
    }),
  );
}

export function useUploadGalleryImage(ownerID: string) {
  return useMutation({ mutationFn: (file: File) => uploadGalleryImage(ownerID, file) });
}
