import { z } from 'zod';

/**
 * The body of every refusal (4xx, 5xx): a stable `code` (ErrorCodes and each service's own codes) and a
 * human `message`; validation refusals add `fields` (field -> messages). One component, `ApiError`.
 */
export const ApiErrorSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiErrorSchema>;
