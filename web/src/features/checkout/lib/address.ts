import { MEXICAN_STATES } from '@vitrina/contracts';
import type { AddressInput } from '../api/types';

/**
 * spec 3 §3 'Address' as the shopper types it: Mexican states from the one list in libs/contracts, a 5-digit postal
 * code, a 10-digit phone for the courier (the server drops spaces, dashes and a +52 prefix the same way).
 */
export const STATE_OPTIONS = MEXICAN_STATES.map((state) => ({ value: state.code, label: state.name }));

export function stateLabel(code: string): string {
  return MEXICAN_STATES.find((state) => state.code === code)?.name ?? code;
}

export interface AddressValues {
  address_name: string;
  address_phone: string;
  route: string;
  street_number: string;
  sublocality: string;
  locality: string;
  administrative_area_level_1: string;
  postal_code: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  address_name: '',
  address_phone: '',
  route: '',
  street_number: '',
  sublocality: '',
  locality: '',
  administrative_area_level_1: '',
  postal_code: '',
};

export type AddressErrorKey = 'required' | 'postalCode' | 'state' | 'invalidPhone';
export type AddressErrors = Partial<Record<keyof AddressValues, AddressErrorKey>>;

const REQUIRED: Array<keyof AddressValues> = ['address_name', 'address_phone', 'route', 'street_number', 'locality'];

/** The phone's digits without separators and without a +52 prefix. */
export function addressPhoneDigits(value: string): string {
  const v = value.replace(/[\s\-().]+/g, '');
  return /^\+?52\d{10}$/.test(v) ? v.slice(-10) : v;
}

export function validateAddress(values: AddressValues): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of REQUIRED) if (!values[field].trim()) errors[field] = 'required';
  if (!errors.address_phone && !/^\d{10}$/.test(addressPhoneDigits(values.address_phone))) errors.address_phone = 'invalidPhone';
  if (!MEXICAN_STATES.some((state) => state.code === values.administrative_area_level_1)) errors.administrative_area_level_1 = 'state';
  if (!/^\d{5}$/.test(values.postal_code.replace(/\s+/g, ''))) errors.postal_code = 'postalCode';
  return errors;
}

/** The body of `POST /checkout/addresses`: trimmed, the optional colonia left out when empty. */
export function addressBody(values: AddressValues): AddressInput {
  const body: AddressInput = {
    address_name: values.address_name.trim(),
    address_phone: addressPhoneDigits(values.address_phone),
    route: values.route.trim(),
    street_number: values.street_number.trim(),
    country: 'MX',
    administrative_area_level_1: values.administrative_area_level_1,
    locality: values.locality.trim(),
    postal_code: values.postal_code.replace(/\s+/g, ''),
  };
  const sublocality = values.sublocality.trim();
  if (sublocality) body.sublocality = sublocality;
  return body;
}
