import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '@/api/gallery-upload';

/** A review photo goes to the customer's own gallery (spec 1 §7 'Image upload'); the review keeps its URL. */
export function useUploadReviewPhoto(userId: string) {
  return useMutation({
    mutationFn: async (file: File) => (await uploadImage({ ownerId: userId }, file)).url,
  });
}
