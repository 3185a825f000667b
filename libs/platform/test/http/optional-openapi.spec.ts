import { describe, expect, it } from '@jest/globals';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ApiProperty, ApiPropertyOptional, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsDateString, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Nullable, Optional, OptionalNullable } from '../../src/http/optional.js';

/**
 * Without the Swagger CLI plugin the only type Swagger sees is `design:type`, `Object` for `string | null`: request
 * bodies came out as `type: object` and the web's generated body types were unusable (issue 10 §1). The optional
 * decorators give such a field the type its checks say.
 */
class SampleBody {
  @ApiPropertyOptional({ description: 'kept' })
  @OptionalNullable()
  @Transform(({ value }) => (value === '' ? null : value))
  @IsString()
  @MaxLength(40)
  subtitle?: string | null;

  @ApiPropertyOptional()
  @OptionalNullable()
  @IsInt()
  @Min(0)
  @Max(100)
  fees?: number | null;

  @ApiPropertyOptional()
  @OptionalNullable()
  @IsDateString()
  when?: string | null;

  @ApiProperty()
  @Nullable()
  @IsBoolean()
  flag!: boolean | null;

  @ApiPropertyOptional()
  @OptionalNullable()
  @IsIn(['a', 'b'])
  choice?: 'a' | 'b' | null;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  plain?: string;

  // An explicit type wins over what the checks say.
  @ApiPropertyOptional({ type: 'boolean' })
  @Optional()
  @IsIn(['true', 'false'])
  force?: string;

  // Nothing to read a type from: left as Swagger had it.
  @ApiPropertyOptional({ type: 'string' })
  @Allow()
  name?: unknown;
}

@Controller('samples')
class SamplesController {
  @Post()
  @HttpCode(204)
  create(@Body() _body: SampleBody): void {}
}

@Module({ controllers: [SamplesController] })
class SamplesModule {}

describe('optional fields in the OpenAPI (issue 10 §1)', () => {
  it('types nullable and optional fields from their checks, keeping explicit types and other options', async () => {
    const app = await NestFactory.create(SamplesModule, new FastifyAdapter(), { logger: false });
    const doc = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    await app.close();
    const schema = doc.components!.schemas!.SampleBody as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(schema.properties).toMatchObject({
      subtitle: { type: 'string', nullable: true, description: 'kept' },
      fees: { type: 'integer', nullable: true },
      when: { type: 'string', format: 'date-time', nullable: true },
      flag: { type: 'boolean', nullable: true },
      choice: { type: 'string', nullable: true },
      plain: { type: 'string' },
      force: { type: 'boolean' },
      name: { type: 'string' },
    });
    expect(schema.required ?? []).toEqual(['flag']);
    for (const property of Object.values(schema.properties)) expect(property.type).not.toBe('object');
  });
});
