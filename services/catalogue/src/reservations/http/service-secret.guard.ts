import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { SERVICE_SECRET_HEADER } from '@vitrina/contracts';
import { DomainError } from '@vitrina/platform';
import type { FastifyRequest } from 'fastify';
import { CATALOGUE_CONFIG, type CatalogueConfig } from '../../shared/config.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Service-to-service calls only: the shared secret in SERVICE_SECRET_HEADER (compared in constant time), else 401. */
@Injectable()
export class ServiceSecretGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(CATALOGUE_CONFIG) config: CatalogueConfig) {
    this.expected = digest(config.internalSecret);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers[SERVICE_SECRET_HEADER];
    if (typeof header === 'string' && timingSafeEqual(digest(header), this.expected)) return true;
    throw new DomainError('unauthorized', 'This endpoint is for Vitrina services only', 401);
  }
}
