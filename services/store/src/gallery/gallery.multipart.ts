import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Registers @fastify/multipart on this service's Fastify instance (the kernel's bootstrap does not), before
 * the server starts. Limits are set per request by the gallery controller.
 */
@Injectable()
export class GalleryMultipart implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser('multipart/form-data')) return;
    await fastify.register(multipart, { limits: { files: 1, parts: 12, fields: 10, fieldSize: 1024 } });
  }
}
