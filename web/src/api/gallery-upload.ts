import { GalleryLimits, type GalleryUploadJson } from '@vitrina/contracts';
import { api, ownerSegment, unwrap } from '@/api/client';

/** Whose gallery an upload goes to: the shop owner, or a supplier (both features' owner refs fit). */
export interface GalleryOwner {
  ownerId: string;
}

/** spec 1 §7 'Image upload': POST /api/gallery/{owner}:{mashupID}/ multipart `image`, `name`, `get_main_colors`. */
export function uploadImage(owner: GalleryOwner, file: File, name?: string): Promise<GalleryUploadJson> {
  return unwrap(
    api.POST('/api/gallery/{owner}', {
      params: { path: { owner: ownerSegment(owner.ownerId) } },
      // openapi-typescript writes a binary field as `string`: the File is what goes in the multipart body.
      body: { image: file as unknown as string, name: (name ?? file.name).slice(0, 200), get_main_colors: GalleryLimits.defaultMainColors },
      // FormData goes as is: the browser writes the multipart boundary.
      bodySerializer: (value) => {
        const form = new FormData();
        form.append('image', value.image as unknown as Blob);
        if (value.name) form.append('name', value.name);
        form.append('get_main_colors', String(value.get_main_colors));
        return form;
      },
    }),
  );
}
