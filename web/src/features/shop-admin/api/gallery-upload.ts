import { GalleryLimits, type GalleryUploadJson } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { seg, type OwnerRef } from './http';

/** spec 1 §7 'Image upload': POST /api/gallery/{owner}:{mashupID}/ multipart `image`, `name`, `get_main_colors`. */
export function uploadImage(owner: OwnerRef, file: File, name?: string): Promise<GalleryUploadJson> {
  const form = new FormData();
  form.append('image', file);
  form.append('name', (name ?? file.name).slice(0, 200));
  form.append('get_main_colors', String(GalleryLimits.defaultMainColors));
  const path = `/api/gallery/${seg(owner.ownerId)}:${seg(owner.ownerId)}/`;
  return unwrap(api.POST(path as never, { body: form, bodySerializer: (body: FormData) => body } as never)) as Promise<GalleryUploadJson>;
}
