import { ReturnErrorCodes } from '@vitrina/contracts';
import { isApiError } from '@/api/client';
import type { ReturnsKey, ReturnsT } from '../i18n/texts';

const KNOWN = new Set<string>(Object.values(ReturnErrorCodes));

/** Whether a failed load means the request is not there for this viewer. */
export function isReturnMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403 || error.code === ReturnErrorCodes.returnNotFound);
}

/** The message of a refusal code (spec 3 §8 'Returns and refunds'), or null for a code this feature does not know. */
export function refusalText(code: string | null | undefined, t: ReturnsT): string | null {
  if (!code || !KNOWN.has(code)) return null;
  return t(`errors.${code}` as ReturnsKey);
}

/** What a refused return call says: the spec's message for its code, the field problem for a 400, else a generic one. */
export function returnErrorText(error: unknown, t: ReturnsT): string {
  if (isApiError(error)) {
    const known = refusalText(error.code, t);
    if (known) return known;
    if (error.status === 400 || error.status === 422) return t('errors.invalid', { message: error.message });
  }
  return t('errors.generic');
}
