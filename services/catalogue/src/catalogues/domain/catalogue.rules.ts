import { CatalogueErrorCodes, CatalogueLimits, ErrorCodes } from '@vitrina/contracts';
import { DomainError } from '@vitrina/platform';

/**
 * spec 1 §5 'Catalogue form': name required, at most 150 characters. Every problem answers 400
 * `invalid_name` with `fields.name` (the web shows 'Invalid name' under the field).
 */
export function checkCatalogueName(value: unknown): string {
  const problem = (why: string) => new DomainError(CatalogueErrorCodes.invalidName, 'Invalid name', 400, { name: [why] });
  if (typeof value !== 'string') throw problem('name is required');
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name) throw problem('name is required');
  if (Array.from(name).length > CatalogueLimits.catalogueNameMax)
    throw problem(`name must be at most ${CatalogueLimits.catalogueNameMax} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw problem('name may not hold control characters');
  return name;
}

export const updatingPositionError = () =>
  new DomainError(ErrorCodes.updatingPositionError, 'The positions are being updated; try again later', 400);
