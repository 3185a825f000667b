import { describe, expect, it } from '@jest/globals';
import {
  DomainError,
  firstUncleanHeader,
  isCleanUrl,
  jsonDeeperThan,
  parseFormBody,
  parseJsonBody,
  parseTextBody,
} from '../../src/index.js';

function refusal(fn: () => unknown): { code: string; status: number } | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return { code: (err as DomainError).code, status: (err as DomainError).status };
  }
}

describe('request guards (issue 9 item 2)', () => {
  it('refuses NUL and invalid UTF-8 in a path or query, raw or percent-encoded', () => {
    expect(isCleanUrl('/store/shops/demo?q=caf%C3%A9')).toBe(true);
    expect(isCleanUrl('/store/shops/caf\u00c3\u00a9')).toBe(true); // raw UTF-8 bytes, one char per byte as Node hands them
    expect(isCleanUrl('/a%zz%')).toBe(true); // a stray % is not text trouble
    expect(isCleanUrl('/store/shops/a%00b')).toBe(false);
    expect(isCleanUrl('/x?q=%ED%A0%80')).toBe(false); // an encoded lone surrogate
    expect(isCleanUrl('/x?q=%C3%28')).toBe(false);
    expect(isCleanUrl('/x/\u00ff')).toBe(false);
  });

  it('checks headers as UTF-8 text except opaque credentials', () => {
    expect(firstUncleanHeader({ 'accept-language': 'es-AR', 'user-agent': 'caf\u00c3\u00a9' })).toBeUndefined();
    expect(firstUncleanHeader({ 'accept-language': 'es\u00ff' })).toBe('accept-language');
    expect(firstUncleanHeader({ cookie: 'a=\u00ff', authorization: 'Bearer \u00ff' })).toBeUndefined();
  });

  it('refuses JSON bodies with NUL, lone surrogates or bytes that are not UTF-8, instead of storing U+FFFD', () => {
    expect(parseJsonBody(Buffer.from('{"title":"café","n":[1,{"a":"b"}]}'))).toEqual({ title: 'café', n: [1, { a: 'b' }] });
    expect(refusal(() => parseJsonBody(Buffer.from('{"email":"a\\u0000b"}')))).toEqual({ code: 'invalid_text', status: 400 });
    expect(refusal(() => parseJsonBody(Buffer.from('{"email":"a\\ud800b"}')))).toEqual({ code: 'invalid_text', status: 400 });
    expect(refusal(() => parseJsonBody(Buffer.from('{"a\\u0000":1}')))).toEqual({ code: 'invalid_text', status: 400 });
    expect(refusal(() => parseJsonBody(Buffer.concat([Buffer.from('{"t":"a'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])))).toEqual({
      code: 'invalid_text',
      status: 400,
    });
    expect(refusal(() => parseTextBody(Buffer.from([0x61, 0x00])))).toEqual({ code: 'invalid_text', status: 400 });
    expect(refusal(() => parseFormBody(Buffer.from('name=a%00b')))).toEqual({ code: 'invalid_text', status: 400 });
  });

  it('bounds JSON depth before parsing: 100,000 levels cost one scan, not a stack overflow', () => {
    expect(jsonDeeperThan('{"a":"[[[[[[[[[[[["}', 3)).toBe(false); // brackets inside strings do not count
    expect(jsonDeeperThan('[[["\\"[["]]]', 3)).toBe(false);
    expect(refusal(() => parseJsonBody(Buffer.from(`{"a":${'['.repeat(64)}${']'.repeat(64)}}`)))).toEqual({
      code: 'validation_failed',
      status: 400,
    });
    expect(parseJsonBody(Buffer.from(`${'['.repeat(64)}${']'.repeat(64)}`))).toBeDefined();
    const deep = Buffer.from('['.repeat(100_000) + ']'.repeat(100_000));
    expect(refusal(() => parseJsonBody(deep))).toEqual({ code: 'validation_failed', status: 400 });
  });

  it('refuses prototype keys', () => {
    expect(refusal(() => parseJsonBody(Buffer.from('{"__proto__":{"admin":true}}')))).toEqual({ code: 'validation_failed', status: 400 });
    expect(refusal(() => parseJsonBody(Buffer.from('{"a":[{"constructor":{"prototype":{"x":1}}}]}')))).toEqual({
      code: 'validation_failed',
      status: 400,
    });
    expect(parseJsonBody(Buffer.from('{"constructor":"fine"}'))).toEqual({ constructor: 'fine' });
    expect(refusal(() => parseFormBody(Buffer.from('__proto__=1')))).toEqual({ code: 'bad_request', status: 400 });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
