import type { Channel } from '@vitrina/contracts';

/**
 * spec 2 §2 `/register/activate/` query: code, can_skip_pin, type (email or phone), username, phone,
 * country, country_code, full_name, plus `next` (where to go once active). The spec's `pswd` is not
 * supported: a password never travels in a URL (it stays in memory, see pending-registration.ts).
 */
export interface PinScreenSearch {
  code: string;
  can_skip_pin: boolean;
  type: Channel;
  username?: string;
  phone?: string;
  country?: string;
  country_code?: string;
  full_name?: string;
  next?: string;
}

/** The router parses query values as JSON where it can (`52` -> 52, `true` -> true): everything back to text. */
export function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const result = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  return result.trim() === '' ? undefined : result;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

export function parsePinScreenSearch(raw: Record<string, unknown>): PinScreenSearch {
  const phone = text(raw.phone);
  const type: Channel = text(raw.type) === 'phone' || (text(raw.type) === undefined && phone && !text(raw.username)) ? 'phone' : 'email';
  return {
    code: text(raw.code) ?? '',
    // spec 2 §5: the PIN may be skipped only when can_skip_pin is 'true'.
    can_skip_pin: text(raw.can_skip_pin) === 'true',
    type,
    ...optional('username', text(raw.username)),
    ...optional('phone', phone),
    ...optional('country', text(raw.country)?.toUpperCase()),
    ...optional('country_code', text(raw.country_code)?.replace(/^\+/, '')),
    ...optional('full_name', text(raw.full_name)),
    ...optional('next', text(raw.next)),
  };
}

/** A plain query string (not the router's JSON-quoted one), as the spec writes the route and links from messages. */
export function searchHref(path: string, search: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function pinScreenHref(search: PinScreenSearch): string {
  return searchHref('/register/activate/', search);
}

/** spec 2 §2 `/register/complete/` query: code, number, username, page, and optionally package_code, referal_id, click_id, pixel. */
export interface RegisterCompleteSearch {
  code: string;
  number?: string;
  username?: string;
  page?: string;
  package_code?: string;
  referal_id?: string;
  click_id?: string;
  pixel?: string;
}

export function parseRegisterCompleteSearch(raw: Record<string, unknown>): RegisterCompleteSearch {
  return {
    code: text(raw.code) ?? '',
    ...optional('number', text(raw.number)),
    ...optional('username', text(raw.username)),
    ...optional('page', text(raw.page)),
    ...optional('package_code', text(raw.package_code)),
    ...optional('referal_id', text(raw.referal_id)),
    ...optional('click_id', text(raw.click_id)),
    ...optional('pixel', text(raw.pixel)),
  };
}

/**
 * The SMS registration landing shows the PIN step for the number the SMS went to. `phone` is that number read
 * by the auth screens (phone.ts `splitInternational`, kept out of this module so route files stay light); without
 * it a national 10-digit number is sent back as `phone`, anything else only identifies the screen.
 */
export function pinSearchOfComplete(
  search: RegisterCompleteSearch,
  phone?: { phone: string; country: string; country_code: string } | null,
): PinScreenSearch {
  const digits = (search.number ?? '').replace(/\D+/g, '');
  const national = digits.length === 10 ? digits : undefined;
  return {
    code: search.code,
    can_skip_pin: false,
    type: 'phone',
    ...(phone
      ? { phone: phone.phone, country: phone.country, country_code: phone.country_code }
      : optional('phone', national ?? search.number)),
    ...optional('username', search.username),
    ...optional('next', search.page),
  };
}
