import { SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext, type Type } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiRefusals } from '../http/api-answer.js';
import type { OwnerRef, OwnershipResolver } from './ownership.js';
import type { CollaboratorRole } from '@vitrina/contracts';
import type { AuthUser } from './tokens.js';

export const AUTHENTICATED_METADATA = 'vitrina:auth:authenticated';
export const IGNORE_INVALID_TOKEN_METADATA = 'vitrina:auth:ignore-invalid-token';
export const OWNER_PATH_METADATA = 'vitrina:auth:owner-path';

/** Where the guard leaves its findings on the request. */
export const AUTH_USER_PROPERTY = 'user';
export const OWNER_REF_PROPERTY = 'vitrinaOwner';
export const ACTING_AS_PROPERTY = 'vitrinaActingAs';

export interface OwnerPathOptions {
  /**
   * What may follow the colon.
   * - `'same-if-id'` (default): a key (`apps`, ...) or, when it is an id, the owner id again (`{owner}:{owner}`).
   * - `'any'`: anything; for shapes such as gallery's `{owner}:{mashupID}` where the second id names something else.
   */
  qualifier?: 'same-if-id' | 'any';
  /** A route-specific resolver (a provider class), instead of the one given to AuthModule. */
  resolver?: Type<OwnershipResolver>;
  /**
   * Collaborator roles admitted besides the owner (issue 16): a user whose access token says the owner gave them one
   * of these roles (`col` claim) acts as the owner here. None by default: a route opts in, role by role.
   */
  collaborators?: readonly CollaboratorRole[];
}

export interface OwnerPathMetadata {
  param: string;
  qualifier: 'same-if-id' | 'any';
  resolver?: Type<OwnershipResolver>;
  collaborators: readonly CollaboratorRole[];
}

/** How the caller of an @OwnerPath route is admitted: as the owner, or as a collaborator with a role. */
export interface ActingAs {
  userId: string;
  role: 'owner' | CollaboratorRole;
}

/**
 * Requires a valid access token. Routes without it (or without @OwnerPath) are public; a token that is
 * present but invalid is refused everywhere. On a controller it covers every route of the controller.
 */
export const Authenticated = (): MethodDecorator & ClassDecorator =>
  // The OpenAPI says so too: the bearer scheme and the 401 refusal.
  applyDecorators(SetMetadata(AUTHENTICATED_METADATA, true), ApiBearerAuth(), ApiRefusals(401));

/**
 * For routes that must work whatever token the caller still holds (sign-in, refresh, logout): an
 * expired or invalid access token makes the call anonymous instead of answering 401.
 */
export const IgnoreInvalidToken = (): MethodDecorator & ClassDecorator => SetMetadata(IGNORE_INVALID_TOKEN_METADATA, true);

/**
 * Marks a route whose path parameter `paramName` is an owner segment (`{me}:{me}`, `{meID}:{key}`,
 * `{owner}:{owner}`): requires authentication, and refuses (403) a user who cannot act as that owner.
 *
 *   @Get(':me/profile') @OwnerPath('me')          called as /0190...:0190.../profile
 *   @Get(':owner/:type/store/banners') @OwnerPath()
 */
export const OwnerPath = (paramName = 'owner', options: OwnerPathOptions = {}): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata<string, OwnerPathMetadata>(OWNER_PATH_METADATA, {
      param: paramName,
      qualifier: options.qualifier ?? 'same-if-id',
      resolver: options.resolver,
      collaborators: options.collaborators ?? [],
    }),
    // The OpenAPI says so too: the bearer scheme, 401 without a valid token, 403 for another owner.
    ApiBearerAuth(),
    ApiRefusals(401, 403),
  );

/** The verified caller, or undefined on a public route called anonymously. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return getAuthUser(context.switchToHttp().getRequest());
});

/** The owner segment of an @OwnerPath route, split: `{ ownerId, qualifier }`. */
export const PathOwner = createParamDecorator((_data: unknown, context: ExecutionContext): OwnerRef | undefined => {
  return context.switchToHttp().getRequest<Record<string, unknown>>()[OWNER_REF_PROPERTY] as OwnerRef | undefined;
});

/** Who acts on an @OwnerPath route: the owner, or a collaborator and their role (for audit trails). */
export const ActingUser = createParamDecorator((_data: unknown, context: ExecutionContext): ActingAs | undefined => {
  return context.switchToHttp().getRequest<Record<string, unknown>>()[ACTING_AS_PROPERTY] as ActingAs | undefined;
});

/** The verified caller stored on a request by AuthGuard (for code outside controllers, e.g. interceptors). */
export function getAuthUser(request: unknown): AuthUser | undefined {
  return (request as Record<string, unknown> | undefined)?.[AUTH_USER_PROPERTY] as AuthUser | undefined;
}
