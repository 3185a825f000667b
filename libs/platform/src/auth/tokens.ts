import { SignJWT, errors as joseErrors, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { AUTH_ALGORITHM, type AuthKeys } from './keys.js';
import { COLLABORATOR_ROLES, CollaboratorLimits, type CollaboratorRole } from '@vitrina/contracts';
import type { PlatformConfig } from '../config/platform-config.js';

/** spec 1 §6: user levels ul0..ul3 ("unknown" is a client-side state before the profile loads). */
export type UserLevel = 0 | 1 | 2 | 3;

/** The caller, as proven by a verified access token. */
export interface AuthUser {
  /** User id (UUIDv7), the token's `sub`. */
  id: string;
  level: UserLevel;
  /** APIs the user holds: 'orders-affinity', 'dssupplier-admin', 'referral', 'contact-admin', ... */
  keychain: string[];
  /** Session (refresh-token family) the token was issued for, when any. */
  sessionId?: string;
  /**
   * The shops the user collaborates in (issue 16): the shop owner's user id → the role the owner gave them. Read by
   * accounts at sign-in and at every refresh, so a removed collaborator loses access with the next access token.
   */
  collaborations?: Readonly<Record<string, CollaboratorRole>>;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

/** Claims of a Vitrina access token (docs/architecture.md §3). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  lvl: UserLevel;
  kc: string[];
  sid?: string;
  /** AuthUser.collaborations; absent when the user collaborates nowhere. */
  col?: Record<string, CollaboratorRole>;
}

/** RFC 9068 media type, so no other JWT signed with the same key can pass as an access token. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 900;
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 5;

/** Any token that must not be trusted: malformed, forged, wrong audience or issuer, expired. */
export class InvalidTokenError extends Error {
  readonly code = 'invalid_token';
  constructor(
    /** Safe to return to the caller: says what is wrong, never how verification works. */
    readonly reason: 'malformed' | 'expired' | 'invalid',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

export interface TokenSettings {
  issuer: string;
  audience: string;
}

/** Issues access tokens. Only the accounts service holds the private key. */
export class TokenSigner {
  constructor(private readonly settings: TokenSettings & { privateKey: CryptoKey; kid: string }) {}

  static fromKeys(keys: AuthKeys, settings: TokenSettings): TokenSigner {
    if (!keys.privateKey) throw new Error('TokenSigner needs the private key (AUTH_PRIVATE_KEY)');
    return new TokenSigner({ ...settings, privateKey: keys.privateKey, kid: keys.kid });
  }

  async sign(
    user: {
      id: string;
      level: UserLevel;
      keychain: readonly string[];
      sessionId?: string;
      collaborations?: Readonly<Record<string, CollaboratorRole>>;
    },
    ttlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  ): Promise<string> {
    if (!user.id) throw new TypeError('user.id is required');
    if (!isLevel(user.level)) throw new TypeError(`user.level must be 0, 1, 2 or 3 (got ${String(user.level)})`);
    if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) throw new TypeError('ttlSeconds must be a positive integer');
    const now = Math.floor(Date.now() / 1000);
    const claims: Omit<AccessTokenClaims, 'sub'> = { lvl: user.level, kc: [...user.keychain] };
    if (user.sessionId) claims.sid = user.sessionId;
    const col = Object.entries(user.collaborations ?? {});
    if (col.length > CollaboratorLimits.claimMax) throw new TypeError(`at most ${CollaboratorLimits.claimMax} collaborations fit a token`);
    if (col.length > 0) claims.col = Object.fromEntries(col);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: AUTH_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid: this.settings.kid })
      .setSubject(user.id)
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.settings.privateKey);
  }
}

/** How many verified tokens a verifier remembers (see TokenVerifier.verified). */
const VERIFIED_TOKENS_MAX = 5_000;

/** Checks access tokens in every service, with the public key only. */
export class TokenVerifier {
  private readonly clockTolerance: number;
  /**
   * Tokens whose signature and claims were already checked, by their exact text, oldest first. A signed-in user sends
   * the same token with every request until it expires, and the Ed25519 check (async, through the thread pool) was the
   * largest single cost of an authenticated request in the gateway and in the service behind it (bench/README.md,
   * issue 18). A hit re-checks only what changes with time: the expiry, exactly as jose does.
   */
  private readonly verified = new Map<string, AuthUser>();

  constructor(private readonly settings: TokenSettings & { publicKey: CryptoKey; clockToleranceSeconds?: number }) {
    this.clockTolerance = settings.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  }

  static fromKeys(keys: AuthKeys, settings: TokenSettings & { clockToleranceSeconds?: number }): TokenVerifier {
    return new TokenVerifier({ ...settings, publicKey: keys.publicKey });
  }

  /** Resolves to the token's user, or rejects with InvalidTokenError (never with anything else). */
  async verify(token: string): Promise<AuthUser> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 8192) {
      throw new InvalidTokenError('malformed', 'The access token is malformed');
    }
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt <= Math.floor(Date.now() / 1000) - this.clockTolerance) {
        this.verified.delete(token);
        throw new InvalidTokenError('expired', 'The access token has expired');
      }
      return copyUser(known);
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.settings.publicKey, {
        algorithms: [AUTH_ALGORITHM], // explicit allow-list: refuses `none`, HS*/RS* confusion and anything else
        issuer: this.settings.issuer,
        audience: this.settings.audience,
        typ: ACCESS_TOKEN_TYPE,
        clockTolerance: this.clockTolerance,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw translate(error);
    }
    const user = toAuthUser(payload);
    if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, user);
    return copyUser(user);
  }
}

/** Builds the verifier from the platform configuration (AUTH_ISSUER, AUTH_AUDIENCE). */
export function tokenVerifierFromConfig(keys: AuthKeys, config: Pick<PlatformConfig, 'AUTH_ISSUER' | 'AUTH_AUDIENCE'>): TokenVerifier {
  return TokenVerifier.fromKeys(keys, { issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE });
}

/** Builds the signer from the platform configuration (accounts service only). */
export function tokenSignerFromConfig(keys: AuthKeys, config: Pick<PlatformConfig, 'AUTH_ISSUER' | 'AUTH_AUDIENCE'>): TokenSigner {
  return TokenSigner.fromKeys(keys, { issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE });
}

/** The role `user` holds in the shop of `ownerId`, if they collaborate there (own keys only: ids are path text). */
export function collaboratorRole(user: Pick<AuthUser, 'collaborations'>, ownerId: string): CollaboratorRole | undefined {
  const col = user.collaborations;
  return col && Object.hasOwn(col, ownerId) ? col[ownerId] : undefined;
}

/** A copy a request may change without touching the verified-token cache. */
function copyUser(user: AuthUser): AuthUser {
  const copy: AuthUser = { ...user, keychain: [...user.keychain] };
  if (user.collaborations) copy.collaborations = { ...user.collaborations };
  return copy;
}

function isCollaborations(value: unknown): value is Record<string, CollaboratorRole> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= CollaboratorLimits.claimMax &&
    entries.every(([owner, role]) => owner.length > 0 && (COLLABORATOR_ROLES as readonly unknown[]).includes(role))
  );
}

function toAuthUser(payload: JWTPayload): AuthUser {
  const { sub, lvl, kc, sid, exp, col } = payload as Partial<AccessTokenClaims>;
  if (typeof sub !== 'string' || sub.length === 0) throw invalidClaims('sub');
  if (!isLevel(lvl)) throw invalidClaims('lvl');
  if (!Array.isArray(kc) || !kc.every((api) => typeof api === 'string')) throw invalidClaims('kc');
  if (sid !== undefined && (typeof sid !== 'string' || sid.length === 0)) throw invalidClaims('sid');
  if (col !== undefined && !isCollaborations(col)) throw invalidClaims('col');
  const user: AuthUser = { id: sub, level: lvl, keychain: [...kc], expiresAt: exp! };
  if (sid) user.sessionId = sid;
  if (col) user.collaborations = { ...col };
  return user;
}

function isLevel(value: unknown): value is UserLevel {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

function invalidClaims(claim: string): InvalidTokenError {
  return new InvalidTokenError('invalid', `The access token has a missing or invalid "${claim}" claim`);
}

function translate(error: unknown): InvalidTokenError {
  if (error instanceof InvalidTokenError) return error;
  if (error instanceof joseErrors.JWTExpired) {
    return new InvalidTokenError('expired', 'The access token has expired', { cause: error });
  }
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) {
    return new InvalidTokenError('malformed', 'The access token is malformed', { cause: error });
  }
  // Bad signature, refused algorithm, wrong issuer/audience/type, future iat, ...: the caller gets no detail.
  return new InvalidTokenError('invalid', 'The access token is not valid', { cause: error });
}
