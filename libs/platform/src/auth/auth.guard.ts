import {
  ForbiddenException,
  Inject,
  Injectable,
  Optional,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { ErrorCodes } from '@vitrina/contracts';
import {
  AUTHENTICATED_METADATA,
  IGNORE_INVALID_TOKEN_METADATA,
  AUTH_USER_PROPERTY,
  OWNER_PATH_METADATA,
  OWNER_REF_PROPERTY,
  ACTING_AS_PROPERTY,
  type ActingAs,
  type OwnerPathMetadata,
} from './decorators.js';
import { OwnershipResolver, StrictOwnership, isIdShaped, parseOwnerSegment, type OwnerRef } from './ownership.js';
import { InvalidTokenError, TokenVerifier, collaboratorRole, type AuthUser } from './tokens.js';

/** Cookie read when no `Authorization: Bearer` header is sent (browser sessions). */
export const ACCESS_TOKEN_COOKIE = 'access_token';

interface HttpRequestLike {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string | undefined>;
  cookies?: Record<string, string | undefined>;
  [key: string]: unknown;
}

/**
 * Global guard (docs/architecture.md §3): verifies the caller's access token and enforces @Authenticated and @OwnerPath.
 *
 * - Token from `Authorization: Bearer <jwt>`, else from the `access_token` cookie. Other schemes are ignored.
 * - No token: anonymous; fine on public routes, 401 on @Authenticated / @OwnerPath routes.
 * - A token that fails verification: 401 on every route, public ones included.
 * - @OwnerPath: 403 unless the owner segment names the caller (or someone the OwnershipResolver lets them act as).
 * Errors carry `{ code, message }` bodies. Non-HTTP contexts (RPC, events) are not guarded here.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly ownership: OwnershipResolver;

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(OwnershipResolver) ownership?: OwnershipResolver,
  ) {
    this.ownership = ownership ?? new StrictOwnership();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    const targets = [context.getHandler(), context.getClass()];
    const ownerPath = this.reflector.getAllAndOverride<OwnerPathMetadata | undefined>(OWNER_PATH_METADATA, targets);
    const authenticated = this.reflector.getAllAndOverride<boolean | undefined>(AUTHENTICATED_METADATA, targets);

    const ignoreInvalid = this.reflector.getAllAndOverride<boolean | undefined>(IGNORE_INVALID_TOKEN_METADATA, targets);
    const user = await this.authenticate(request, http.getResponse(), ignoreInvalid === true && !authenticated && !ownerPath);
    if (!user) {
      if (authenticated || ownerPath) throw unauthorized('Authentication is required', http.getResponse());
      return true;
    }
    if (ownerPath) await this.checkOwnership(request, user, ownerPath);
    return true;
  }

  private async authenticate(request: HttpRequestLike, response: unknown, ignoreInvalid = false): Promise<AuthUser | undefined> {
    const token = bearerToken(request) ?? cookieToken(request);
    if (token === undefined) return undefined;
    try {
      const user = await this.verifier.verify(token);
      request[AUTH_USER_PROPERTY] = user;
      return user;
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      if (ignoreInvalid) return undefined;
      throw unauthorized(error.message, response, true);
    }
  }

  private async checkOwnership(request: HttpRequestLike, user: AuthUser, meta: OwnerPathMetadata): Promise<void> {
    const segment = request.params?.[meta.param];
    if (segment === undefined) {
      // A programming error (decorator names a parameter the route does not have): fail closed, loudly.
      throw new Error(`@OwnerPath('${meta.param}'): the route has no such path parameter`);
    }
    const owner = parseOwnerSegment(segment);
    if (!owner) throw forbidden('The path does not name an owner');
    if (
      meta.qualifier === 'same-if-id' &&
      owner.qualifier !== undefined &&
      isIdShaped(owner.qualifier) &&
      owner.qualifier !== owner.ownerId
    ) {
      throw forbidden('The path names two different owners');
    }
    const resolver = meta.resolver ? this.moduleRef.get(meta.resolver, { strict: false }) : this.ownership;
    const allowed = await resolver.canActAs(user, owner.ownerId, {
      owner,
      param: meta.param,
      method: request.method ?? '',
      url: request.url ?? '',
    });
    let actingAs: ActingAs = { userId: user.id, role: 'owner' };
    if (!allowed) {
      // A collaborator the owner gave one of the route's roles (issue 16), as the access token says.
      const role = collaboratorRole(user, owner.ownerId);
      if (role === undefined || !meta.collaborators.includes(role)) throw forbidden('You cannot act on behalf of this owner');
      actingAs = { userId: user.id, role };
    }
    request[OWNER_REF_PROPERTY] = owner satisfies OwnerRef;
    request[ACTING_AS_PROPERTY] = actingAs;
  }
}

function bearerToken(request: HttpRequestLike): string | undefined {
  const header = request.headers['authorization'];
  if (typeof header !== 'string') return undefined;
  const match = /^\s*(\S+)(?:\s+(.*))?$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'bearer') return undefined;
  // "Bearer" with nothing after it is a present-but-invalid token, not an anonymous call.
  return (match[2] ?? '').trim();
}

function cookieToken(request: HttpRequestLike): string | undefined {
  // @fastify/cookie (or Express cookie-parser) fills request.cookies; otherwise read the raw header.
  const parsed = request.cookies?.[ACCESS_TOKEN_COOKIE];
  if (typeof parsed === 'string' && parsed.length > 0) return parsed;
  const header = request.headers['cookie'];
  if (typeof header !== 'string') return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || pair.slice(0, index).trim() !== ACCESS_TOKEN_COOKIE) continue;
    const value = pair
      .slice(index + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (value.length === 0) return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function unauthorized(message: string, response: unknown, invalidToken = false): UnauthorizedException {
  // RFC 6750 §3: tell clients the scheme (and, for a bad token, that it should refresh).
  setHeader(response, 'WWW-Authenticate', invalidToken ? 'Bearer error="invalid_token"' : 'Bearer');
  return new UnauthorizedException({ code: ErrorCodes.unauthorized, message });
}

function forbidden(message: string): ForbiddenException {
  return new ForbiddenException({ code: ErrorCodes.forbidden, message });
}

function setHeader(response: unknown, name: string, value: string): void {
  const reply = response as { header?: (n: string, v: string) => unknown; setHeader?: (n: string, v: string) => unknown };
  if (typeof reply?.header === 'function')
    reply.header(name, value); // Fastify reply, Express response
  else if (typeof reply?.setHeader === 'function') reply.setHeader(name, value); // raw Node response
}
