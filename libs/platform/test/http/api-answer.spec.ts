import { describe, expect, it } from '@jest/globals';
import { Controller, Delete, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiAnswer, attachAnswerComponents, missingAnswers } from '../../src/http/api-answer.js';

const Money = z.object({ amount_minor: z.number().int(), currency: z.string().length(3) }).meta({ id: 'TestMoney' });
const Thing = z.object({ id: z.string(), price: Money, old_price: Money.nullable() }).meta({ id: 'TestThing' });
const Things = z.object({ results: z.array(Thing), matches_estimated: z.number().int() });
type ThingT = z.infer<typeof Thing>;

@Controller('things')
class ThingsController {
  @Get()
  @ApiAnswer(Things)
  list(): z.infer<typeof Things> {
    return { results: [], matches_estimated: 0 };
  }

  @Post()
  @ApiAnswer(Thing, { status: 201 })
  create(): ThingT {
    return { id: 't', price: { amount_minor: 100, currency: 'MXN' }, old_price: null };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiAnswer(null, { status: 204 })
  remove(): void {}

  @Get('undescribed')
  undescribed() {
    return {};
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('ApiAnswer', () => {
  it('describes answers from zod schemas, named parts as shared components, and finds routes without one', async () => {
    const app = await NestFactory.create(ThingsModule, new FastifyAdapter(), { logger: false });
    const doc = attachAnswerComponents(SwaggerModule.createDocument(app, new DocumentBuilder().build()));
    await app.close();
    const list = doc.paths['/things'].get!.responses['200'] as { content: Record<string, { schema: unknown }> };
    expect(list.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { results: { type: 'array', items: { $ref: '#/components/schemas/TestThing' } } },
      required: ['results', 'matches_estimated'],
    });
    expect(doc.components!.schemas!.TestThing).toMatchObject({ properties: { price: { $ref: '#/components/schemas/TestMoney' } } });
    expect(doc.components!.schemas!.TestMoney).toMatchObject({ properties: { currency: { minLength: 3, maxLength: 3 } } });
    expect(doc.paths['/things'].post!.responses['201']).toBeDefined();
    expect(missingAnswers(doc as never)).toEqual(['GET /things/undescribed']);
  });

  it('refuses two different schemas under one component name', async () => {
    const A = z.object({ a: z.string() }).meta({ id: 'TestClash' });
    const B = z.object({ b: z.number() }).meta({ id: 'TestClash' });
    ApiAnswer(z.object({ x: A }));
    expect(() => ApiAnswer(z.object({ y: B }))).toThrow(/TestClash/);
  });

  it('describes refusals as the shared ApiError body, and owner routes with the bearer scheme, 401 and 403', async () => {
    const { ApiRefusals } = await import('../../src/http/api-answer.js');
    const { OwnerPath } = await import('../../src/auth/decorators.js');
    @Controller('refusing')
    class RefusingController {
      @Get('public/:id')
      @ApiAnswer(Thing, { errors: [404] })
      read(): ThingT {
        return { id: 't', price: { amount_minor: 1, currency: 'MXN' }, old_price: null };
      }

      @Delete(':owner/things/:id')
      @OwnerPath('owner')
      @HttpCode(204)
      @ApiAnswer(null, { status: 204 })
      @ApiRefusals(404, 409)
      remove(): void {}
    }
    @Module({ controllers: [RefusingController] })
    class RefusingModule {}
    const app = await NestFactory.create(RefusingModule, new FastifyAdapter(), { logger: false });
    const doc = attachAnswerComponents(SwaggerModule.createDocument(app, new DocumentBuilder().addBearerAuth().build()));
    await app.close();
    const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
    const read = doc.paths['/refusing/public/{id}'].get!;
    expect(read.responses['404']).toMatchObject(error);
    expect(read.security).toBeUndefined();
    const remove = doc.paths['/refusing/{owner}/things/{id}'].delete!;
    expect(remove.security).toEqual([{ bearer: [] }]);
    for (const status of ['401', '403', '404', '409']) expect(remove.responses[status]).toMatchObject(error);
    expect(doc.components!.schemas!.ApiError).toMatchObject({ required: ['code', 'message'] });
  });
});

describe('AnswerCheckInterceptor', () => {
  it('fails an answer that does not match its schema, and lets a matching one through unchanged', async () => {
    const { AnswerCheckInterceptor } = await import('../../src/http/api-answer.js');
    const Shape = z.object({ id: z.string(), n: z.number().int() });
    @Controller('checked')
    class CheckedController {
      @Get('good')
      @ApiAnswer(Shape)
      good() {
        return { id: 'a', n: 1 };
      }

      @Get('bad')
      @ApiAnswer(Shape)
      bad() {
        return { id: 'a', n: 'one' };
      }
    }
    @Module({ controllers: [CheckedController] })
    class CheckedModule {}
    const app = await NestFactory.create(CheckedModule, new FastifyAdapter(), { logger: false });
    app.useGlobalInterceptors(new AnswerCheckInterceptor(app.get(Reflector)));
    await app.init();
    const fastify = app.getHttpAdapter().getInstance();
    const good = await fastify.inject({ method: 'GET', url: '/checked/good' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ id: 'a', n: 1 });
    const bad = await fastify.inject({ method: 'GET', url: '/checked/bad' });
    expect(bad.statusCode).toBe(500);
    await app.close();
  });
});
