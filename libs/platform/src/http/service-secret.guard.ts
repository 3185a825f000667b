import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { SERVICE_SECRET_HEADER, internalServiceSecret } from '@vitrina/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Service-to-service routes (`/internal/...`) only: the shared secret (INTERNAL_SERVICE_SECRET, contracts
 * `internalServiceSecret`) in SERVICE_SECRET_HEADER, compared in constant time; else 401.
 */
@Injectable()
export class ServiceSecretGuard implements CanActivate {
  private readonly expected = digest(internalServiceSecret(process.env));

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers[SERVICE_SECRET_HEADER];
    if (typeof header === 'string' && timingSafeEqual(digest(header), this.expected)) return true;
    throw new DomainError('unauthorized', 'This endpoint is for Vitrina services only', 401);
  }
}
