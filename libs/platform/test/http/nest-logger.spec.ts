import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import pino from 'pino';
import { PinoNestLogger } from '../../src/logging/nest-logger.js';

describe("Nest's own logs", () => {
  it('come out as JSON lines through the service logger, start-up chatter at debug', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ level: 'debug', base: { service: 'probe' } }, sink);
    @Controller('x')
    class XController {
      @Get()
      x() {
        return {};
      }
    }
    @Module({ controllers: [XController] })
    class XModule {}
    const nest = new PinoNestLogger(logger);
    const app = await NestFactory.create(XModule, new FastifyAdapter(), { logger: nest });
    await app.init();
    nest.error('boom', 'Error: boom\n    at somewhere', 'ExceptionsHandler');
    nest.warn('careful', 'SomeClass');
    await app.close();
    expect(lines.length).toBeGreaterThan(2);
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string; service: string; context?: string; stack?: string });
    for (const entry of parsed) expect(entry.service).toBe('probe');
    expect(parsed.find((e) => e.msg === 'boom')).toMatchObject({
      level: 50,
      context: 'ExceptionsHandler',
      stack: 'Error: boom\n    at somewhere',
    });
    expect(parsed.find((e) => e.msg === 'careful')).toMatchObject({ level: 40, context: 'SomeClass' });
    // Route and module listings are debug (20), not info.
    expect(parsed.filter((e) => /Mapped|initialized/.test(e.msg)).every((e) => e.level === 20)).toBe(true);
  });
});
