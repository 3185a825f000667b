import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { describePathParameters } from '../../src/http/path-parameters.js';

describe('path parameters in a service’s OpenAPI', () => {
  it('declares every {name} of a path template that no @Param() declared, keeping the declared ones', () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/store/{owner}/{scope}/store/headers/{id}': {
          patch: { responses: {}, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }] },
        },
        '/store/shops': { get: { responses: {} } },
      },
    } as unknown as OpenAPIObject;
    const out = describePathParameters(doc);
    const params = (out.paths['/store/{owner}/{scope}/store/headers/{id}'].patch!.parameters ?? []) as Array<{
      name: string;
      in: string;
      required: boolean;
      schema: { format?: string };
    }>;
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['owner', 'path', true],
      ['scope', 'path', true],
      ['id', 'path', true],
    ]);
    expect(params.find((p) => p.name === 'id')!.schema.format).toBe('uuid');
    expect(out.paths['/store/shops'].get!.parameters).toBeUndefined();
  });
});
