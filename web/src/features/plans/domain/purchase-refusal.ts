import { MembershipErrorCodes, PACKAGES, type PackageId } from '@vitrina/contracts';
import { isApiError } from '@/api/client';

/** What a failed purchase tells the user (spec 2 §8 'Package errors'). */
export type PurchaseRefusal =
  /** Not signed in (or the session ran out): the sign-in opens. */
  | { kind: 'signIn' }
  /** A lighter package while a heavier one is active: the warning with both names and the charge date (7 s). */
  | { kind: 'downgrade'; current: PackageName; requested: PackageName; chargeDate: string | null }
  | { kind: 'alreadyActive'; chargeDate: string | null }
  | { kind: 'notFound' }
  /** 'Payment error!' with the server's message, or 'The package buy process has failed' without one. */
  | { kind: 'failed'; message: string | null };

/** A package named by the server: its id when the name is one of the platform's packages (so it can be translated). */
export interface PackageName {
  id: PackageId | null;
  name: string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The server names packages in Spanish (PACKAGES' `name`); the web translates them by id. */
export function packageName(name: string): PackageName {
  return { id: PACKAGES.find((p) => p.name === name)?.id ?? null, name };
}

function named(value: unknown): PackageName {
  return packageName(text(record(value).name) ?? '');
}

export function purchaseRefusal(error: unknown): PurchaseRefusal {
  if (!isApiError(error)) return { kind: 'failed', message: null };
  if (error.status === 401) return { kind: 'signIn' };
  // spec 2 §8: the downgrade's names and charge date come beside code and message (ApiError.details)
  const details = error.details ?? {};
  const chargeDate = text(details.charge_date);
  switch (error.code) {
    case MembershipErrorCodes.noDowngrade:
      return { kind: 'downgrade', current: named(details.current_package), requested: named(details.requested_package), chargeDate };
    case MembershipErrorCodes.alreadyActive:
      return { kind: 'alreadyActive', chargeDate };
    case MembershipErrorCodes.packageNotFound:
      return { kind: 'notFound' };
  }
  // A refusal the server explained is shown with its message; no answer, or the server in trouble, the generic text.
  const explained = error.status >= 400 && error.status < 500;
  return { kind: 'failed', message: explained ? text(error.message) : null };
}
