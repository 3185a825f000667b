import { describe, expect, it } from 'vitest';
import { parsePinScreenSearch, parseRegisterCompleteSearch, pinScreenHref, pinSearchOfComplete } from './pin-screen-search';
import { safeNextPath } from './next-path';

describe('PIN screen query (spec 2 §2 /register/activate/)', () => {
  it('reads values the router parsed as JSON back as text', () => {
    expect(
      parsePinScreenSearch({
        code: 'abc',
        can_skip_pin: true,
        type: 'phone',
        phone: 5512345678,
        country: 'mx',
        country_code: 52,
        full_name: 'Ana',
      }),
    ).toEqual({ code: 'abc', can_skip_pin: true, type: 'phone', phone: '5512345678', country: 'MX', country_code: '52', full_name: 'Ana' });
  });

  it('allows skipping the PIN only when can_skip_pin is true', () => {
    expect(parsePinScreenSearch({ code: 'c', can_skip_pin: 'false', username: 'a@b.co' }).can_skip_pin).toBe(false);
    expect(parsePinScreenSearch({ code: 'c', username: 'a@b.co' }).can_skip_pin).toBe(false);
    expect(parsePinScreenSearch({ code: 'c', can_skip_pin: 'true', username: 'a@b.co' }).can_skip_pin).toBe(true);
  });

  it('writes a plain query string, without empty values', () => {
    expect(pinScreenHref({ code: 'a1', can_skip_pin: false, type: 'email', username: 'a@b.co', phone: '' })).toBe(
      '/register/activate/?code=a1&can_skip_pin=false&type=email&username=a%40b.co',
    );
  });

  it('turns the SMS registration landing into a phone PIN step', () => {
    const search = parseRegisterCompleteSearch({ code: 'k', number: 5512345678, username: 'u', page: '/tienda/demo/', package_code: 'p1' });
    expect(pinSearchOfComplete(search)).toEqual({
      code: 'k',
      can_skip_pin: false,
      type: 'phone',
      phone: '5512345678',
      username: 'u',
      next: '/tienda/demo/',
    });
  });

  it('takes the number the auth screens read (any length, with its country) when given', () => {
    const search = parseRegisterCompleteSearch({ code: 'k', number: '+34612345678', page: '/' });
    expect(pinSearchOfComplete(search, { phone: '612345678', country: 'ES', country_code: '34' })).toEqual({
      code: 'k',
      can_skip_pin: false,
      type: 'phone',
      phone: '612345678',
      country: 'ES',
      country_code: '34',
      next: '/',
    });
  });
});

describe('next path', () => {
  it('keeps paths of this site and refuses other sites', () => {
    expect(safeNextPath('/tienda/demo/')).toBe('/tienda/demo/');
    expect(safeNextPath('/tienda/demo/?page=2#x')).toBe('/tienda/demo/?page=2#x');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});
