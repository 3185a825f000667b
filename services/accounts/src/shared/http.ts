import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, type Observable, throwError } from 'rxjs';
import type { Locale } from '@vitrina/contracts';
import { RetryLaterError } from './errors.js';

/** What commands need to know about the HTTP request: caller IP (limits), locale (messages), user agent (sessions). */
export interface RequestMeta {
  ip: string;
  locale: Locale;
  userAgent?: string;
  /** Secure cookies only when the request reached us over https (directly or via the gateway's X-Forwarded-Proto). */
  secure: boolean;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip || 'unknown',
    locale: localeOf(req.headers['x-locale'] ?? req.headers['accept-language']),
    ...(typeof ua === 'string' ? { userAgent: ua.slice(0, 300) } : {}),
    secure: req.protocol === 'https',
  };
}

/** es-AR, es, en from a locale header; Spanish first (spec 2: Spanish-first interface). */
export function localeOf(header: string | string[] | undefined): Locale {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  const first = value.split(',')[0]?.split(';')[0]?.trim() ?? '';
  if (first === 'es-ar') return 'es-AR';
  if (first.startsWith('en')) return 'en';
  return 'es';
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  secure: boolean;
  httpOnly?: boolean;
  sameSite?: 'Lax' | 'Strict';
}

/** RFC 6265 Set-Cookie value (names and values here are URL-safe tokens). */
export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path}`, `Max-Age=${Math.max(0, Math.floor(o.maxAgeSeconds))}`];
  if (o.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (o.httpOnly !== false) parts.push('HttpOnly');
  if (o.secure) parts.push('Secure');
  parts.push(`SameSite=${o.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/** Appends Set-Cookie headers (Fastify keeps several when given an array). */
export function setCookies(reply: FastifyReply, cookies: string[]): void {
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  void reply.header('set-cookie', [...list, ...cookies]);
}

/** A cookie of the request: from @fastify/cookie's parse when registered, else from the raw header. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const parsed = (req as unknown as { cookies?: Record<string, string | undefined> }).cookies?.[name];
  if (typeof parsed === 'string' && parsed.length > 0) return parsed;
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const pair of header.split(';')) {
    const i = pair.indexOf('=');
    if (i < 0 || pair.slice(0, i).trim() !== name) continue;
    const raw = pair.slice(i + 1).trim();
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Adds `Retry-After` to answers refused with a RetryLaterError (rate limits, PIN lock, hashing queue full). */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (err instanceof RetryLaterError && context.getType() === 'http') {
          void context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(err.retryAfterSeconds));
        }
        return throwError(() => err);
      }),
    );
  }
}
