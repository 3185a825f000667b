import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Nullable, Optional, OptionalNullable } from '../../src/http/optional.js';
import { createValidationPipe } from '../../src/http/validation.js';
import { ValidationError } from '../../src/http/errors.js';

class Inner {
  @IsInt() n!: number;
}

class Body {
  @Optional() @IsString() @MaxLength(5) title?: string;
  @OptionalNullable() @Transform(({ value }) => (value === '' ? null : value)) @IsString() subtitle?: string | null;
  @Nullable() @IsInt() weight!: number | null;
  @Optional() @ValidateNested() @Type(() => Inner) inner?: Inner;
}

async function validate(payload: unknown): Promise<{ ok: true; value: Body } | { ok: false; fields: Record<string, string[]> }> {
  try {
    const value = (await createValidationPipe().transform(payload, { type: 'body', metatype: Body })) as Body;
    return { ok: true, value };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, fields: (err as unknown as { fields: Record<string, string[]> }).fields ?? {} };
    throw err;
  }
}

describe('optional fields decide what null means (issue 9 item 2)', () => {
  it('@Optional: absent is fine, null is refused like a wrong type, a value is checked', async () => {
    expect((await validate({ weight: 1 })).ok).toBe(true);
    const refused = await validate({ weight: 1, title: null });
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && Object.keys(refused.fields)).toEqual(['title']);
    expect((await validate({ weight: 1, title: 'too long' })).ok).toBe(false);
    expect((await validate({ weight: 1, inner: null })).ok).toBe(false);
    expect((await validate({ weight: 1, inner: { n: 'x' } })).ok).toBe(false);
    expect((await validate({ weight: 1, inner: { n: 2 } })).ok).toBe(true);
  });

  it('@OptionalNullable: absent or null pass (null kept for the service to apply), "" turned null by a transform too', async () => {
    const sent = await validate({ weight: 1, subtitle: null });
    expect(sent).toMatchObject({ ok: true, value: { subtitle: null } });
    expect(await validate({ weight: 1, subtitle: '' })).toMatchObject({ ok: true, value: { subtitle: null } });
    expect((await validate({ weight: 1, subtitle: 5 })).ok).toBe(false);
  });

  it('@Nullable: must be sent; null is a value', async () => {
    expect(await validate({ weight: null })).toMatchObject({ ok: true, value: { weight: null } });
    expect((await validate({})).ok).toBe(false);
    expect((await validate({ weight: 'x' })).ok).toBe(false);
  });
});

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('no optional field is left undecided', () => {
  // A lint in test form: every endpoint added later follows the rule (libs/platform/README 'HTTP').
  const files = readdirSync(join(root, 'services')).flatMap((service) => {
    const src = join(root, 'services', service, 'src');
    try {
      return tsFiles(src);
    } catch {
      return [];
    }
  });

  it('finds the services’ sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('has no bare IsOptional in any service (null would skip validation and reach the database)', () => {
    const offenders = files.filter((f) => /\bIsOptional\b/.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('has no PartialType that adds IsOptional to inherited fields (pass { skipNullProperties: false })', () => {
    const offenders = files
      .filter((f) => /\bPartialType\((?![^)]*skipNullProperties:\s*false)/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });
});
