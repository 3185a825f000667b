import { describe, expect, it } from '@jest/globals';
import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { toErrorResponse } from '../../src/http/exception.filter.js';
import { ConflictError, DomainError, ValidationError } from '../../src/http/errors.js';

describe('error mapping', () => {
  it('maps a domain error to its status and { code, message }', () => {
    expect(toErrorResponse(new DomainError('invalid_product', 'Only products of this supplier', 400))).toEqual({
      status: 400,
      body: { code: 'invalid_product', message: 'Only products of this supplier' },
    });
    expect(toErrorResponse(new ConflictError('existing_user', 'The user already exists')).status).toBe(409);
    expect(toErrorResponse(new ValidationError('name: required', { name: ['required'] })).body.fields).toEqual({ name: ['required'] });
  });

  it('gives Nest HTTP exceptions a code', () => {
    expect(toErrorResponse(new NotFoundException()).body.code).toBe('not_found');
    expect(toErrorResponse(new PayloadTooLargeException()).body.code).toBe('payload_too_large');
    expect(toErrorResponse(new BadRequestException({ code: 'custom', message: 'x' })).body).toEqual({ code: 'custom', message: 'x' });
  });

  it('maps Fastify body errors', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(toErrorResponse(tooLarge)).toEqual({
      status: 413,
      body: { code: 'payload_too_large', message: 'The request body is larger than allowed' },
    });
    const badJson = Object.assign(new SyntaxError('Unexpected token'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect(toErrorResponse(badJson).status).toBe(400);
  });

  it('never leaks SQL, driver messages or stacks for unknown errors', () => {
    const sqlError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
      code: '23505',
      detail: 'Key (email)=(a@b.c)',
    });
    const res = toErrorResponse(sqlError);
    expect(res).toEqual({ status: 500, body: { code: 'internal_error', message: 'Internal error' } });
    expect(JSON.stringify(res)).not.toMatch(/users_email_uq|a@b\.c|at /);
  });

  it('answers 503 with Retry-After for Redis given up, but keeps a missing file a 500', async () => {
    // ioredis's own error for a command given up while Redis is down (the database cases: test/db/pool-limits.spec.ts)
    expect(toErrorResponse(new MaxRetriesPerRequestError(1))).toEqual({
      status: 503,
      body: { code: 'service_unavailable', message: 'The service is temporarily unavailable, try again shortly' },
      headers: { 'retry-after': '5' },
    });
    // ENOENT of a file, not of a connection: a bug or a lost upload, not a dependency down
    const missing = await readFile('/nonexistent/vitrina-file').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(missing).toMatchObject({ code: 'ENOENT', syscall: 'open' });
    expect(toErrorResponse(missing)).toEqual({ status: 500, body: { code: 'internal_error', message: 'Internal error' } });
  });
});
