import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../../src/http/optional.js';
import { createValidationPipe } from '../../src/http/validation.js';
import { ValidationError } from '../../src/http/errors.js';

class Query {
  @Optional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
  @Optional() @IsString() @MaxLength(3) sort?: string;
}

async function refusal(payload: unknown): Promise<{ message: string; fields: Record<string, string[]> }> {
  try {
    await createValidationPipe().transform(payload, { type: 'query', metatype: Query });
  } catch (err) {
    if (err instanceof ValidationError) return err as unknown as { message: string; fields: Record<string, string[]> };
    throw err;
  }
  throw new Error('accepted');
}

describe('the validation message names what is wrong first', () => {
  it('a value of the wrong kind is told as such, not by the bound that NaN also fails', async () => {
    const r = await refusal({ offset: 'abc' });
    expect(r.message).toBe('offset: offset must be an integer number');
    // every failed constraint is still listed, the kind first
    expect(r.fields.offset).toEqual([
      'offset must be an integer number',
      'offset must not be greater than 1000000',
      'offset must not be less than 0',
    ]);
  });

  it('a value of the right kind out of its bounds is told by the bound', async () => {
    expect((await refusal({ offset: '-1' })).message).toBe('offset: offset must not be less than 0');
    expect((await refusal({ offset: '2000000' })).message).toBe('offset: offset must not be greater than 1000000');
    expect((await refusal({ sort: 'abcd' })).message).toBe('sort: sort must be shorter than or equal to 3 characters');
    expect((await refusal({ sort: ['a', 'b'] })).message).toBe('sort: sort must be a string');
  });
});
