import { PASSWORD_MIN_LENGTH, type Channel, type Locale, type RegistrationRequest } from '@vitrina/contracts';
import { isValidPhone, phoneDigits, stripSpaces } from './phone';

/** spec 2 §3 registration form fields: full_name, e-mail or phone, country, password. */
export interface RegistrationFormValues {
  channel: Channel;
  full_name: string;
  email: string;
  phone: string;
  country: string;
  country_code: string;
  password: string;
}

/** i18n keys (namespace `auth`) of the form's validation messages. */
export type ValidationMessageKey =
  | 'validation.required'
  | 'validation.invalidEmail'
  | 'validation.invalidNumber'
  | 'validation.passwordTooShort'
  | 'validation.invalidPin'
  | 'validation.passwordsDiffer';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(stripSpaces(value));
}

export function validateFullName(value: string): ValidationMessageKey | null {
  return value.trim() ? null : 'validation.required';
}

/** spec 2 §5: e-mail required and valid. */
export function validateEmail(value: string): ValidationMessageKey | null {
  if (!stripSpaces(value)) return 'validation.required';
  return isValidEmail(value) ? null : 'validation.invalidEmail';
}

/** spec 2 §5: phone required, a mobile number of the chosen country ('invalid number'). */
export function validatePhone(value: string, country: string): ValidationMessageKey | null {
  if (!stripSpaces(value)) return 'validation.required';
  return isValidPhone(value, country) ? null : 'validation.invalidNumber';
}

export function validatePassword(value: string): ValidationMessageKey | null {
  if (!value) return 'validation.required';
  return value.length >= PASSWORD_MIN_LENGTH ? null : 'validation.passwordTooShort';
}

/** spec 2 §5: the PIN is 6 numeric digits. */
export function validatePin(value: string): ValidationMessageKey | null {
  if (!value) return 'validation.required';
  return /^\d{6}$/.test(value) ? null : 'validation.invalidPin';
}

/** Field errors of the registration form; only the chosen channel's contact field is checked. */
export function validateRegistration(values: RegistrationFormValues): Partial<Record<keyof RegistrationFormValues, ValidationMessageKey>> {
  const errors: Partial<Record<keyof RegistrationFormValues, ValidationMessageKey>> = {};
  const fullName = validateFullName(values.full_name);
  if (fullName) errors.full_name = fullName;
  const contact = values.channel === 'email' ? validateEmail(values.email) : validatePhone(values.phone, values.country);
  if (contact) errors[values.channel === 'email' ? 'email' : 'phone'] = contact;
  const password = validatePassword(values.password);
  if (password) errors.password = password;
  return errors;
}

/** The part of the payload the page around the form decides: shop, variant, affiliate parameters... */
export type RegistrationExtras = Omit<
  RegistrationRequest,
  'password' | 'full_name' | 'username' | 'email' | 'phone' | 'country' | 'country_code' | 'type'
>;

/** spec 2 §3: empty fields are dropped. */
export function dropEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '')),
  ) as Partial<T>;
}

/**
 * spec 2 §3 registration payload: by e-mail, `username` and `email` carry the address; by phone, the
 * number with its country and calling code. Spaces are stripped from e-mail and phone, empty fields dropped.
 */
export function buildRegistrationRequest(
  values: RegistrationFormValues,
  locale: Locale,
  extras: RegistrationExtras = {},
): RegistrationRequest {
  const email = stripSpaces(values.email).toLowerCase();
  const contact =
    values.channel === 'email'
      ? { username: email, email }
      : { phone: phoneDigits(values.phone), country: values.country, country_code: values.country_code };
  return dropEmpty({
    response_type: 'registration',
    ...extras,
    full_name: values.full_name.trim(),
    password: values.password,
    type: values.channel,
    locale,
    ...contact,
  }) as RegistrationRequest;
}

/** The `username` of the availability check (spec 2 §7 POST auth /users/exist): the e-mail, or the phone digits. */
export function availabilityRequest(values: Pick<RegistrationFormValues, 'channel' | 'email' | 'phone' | 'country' | 'country_code'>) {
  if (values.channel === 'email') return { username: stripSpaces(values.email).toLowerCase() };
  const phone = phoneDigits(values.phone);
  return { username: phone, phone, country: values.country, country_code: values.country_code };
}
