import { z } from 'zod';
import { env, parseEnv } from '@vitrina/platform';

/**
 * Variables of the messaging service (documented in services/messaging/README.md), validated at start: a bad
 * value, or a combination that could leak codes (the dev mailbox in production), stops the process naming it.
 */
/** A yes/no variable whose absence means "decide from the others". */
const optionalBool = () =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes'));

export const messagingEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** SMTP server for e-mail. Unset outside production: e-mails go to the local mailbox. */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: env.int(587, 1, 65535),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** `Name <address>` or `address`. */
  SMTP_FROM: z
    .string()
    .regex(/^(?:[^<>]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be "Name <address>" or an address')
    .default('Vitrina <no-reply@vitrina.local>'),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. Default: true on 465. */
  SMTP_SECURE: optionalBool(),
  /** SMS provider: `twilio` (Messages API) or `mailbox` (local, not in production). Default: mailbox outside production. */
  SMS_PROVIDER: z.enum(['twilio', 'mailbox']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]{8,}$/, 'must be a Twilio account SID (AC...)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
  /** Sender: an E.164 number or a Messaging Service SID (MG...). */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+\d{6,15}|MG[0-9a-zA-Z]{8,})$/, 'must be an E.164 number or a Messaging Service SID')
    .optional(),
  /** Base URL of the Twilio API (tests point it at a local server). */
  TWILIO_API_URL: env.url(['https', 'http']).default('https://api.twilio.com'),
  /** Lists the local mailbox at GET /api/dev/mailbox. Default on outside production; refused in production. */
  DEV_MAILBOX: optionalBool(),
  /** Public origin of the web app, for links in messages (the return page where a return label is downloaded). */
  MESSAGING_PUBLIC_URL: env.url(['http', 'https']).default('http://localhost:3000'),
  /** Seed messaging's part of the demo world (its projection of the demo shops). Default on in development; never in production. */
  SEED_DEMO: optionalBool(),
  /** The benchmark shoppers and suppliers (libs/contracts benchPeople), as accounts seeds them: their names in the inbox. */
  SEED_BENCH_SHOPPERS: env.int(0, 0, 10_000),
  /**
   * Public base URL of the gallery's files when they live in a bucket (the store's GALLERY_PUBLIC_BASE_URL): a
   * message's media must be a file under it or under `/api/gallery/files`.
   */
  GALLERY_PUBLIC_BASE_URL: env.url(['http', 'https']).optional(),
  /**
   * How a sent message reaches the live streams: `memory` (one process) or `redis` (pub/sub, several instances).
   * Default: `redis` when REDIS_URL is set and the platform runs distributed (EVENT_BUS≠memory or JOB_QUEUE=bullmq).
   */
  LIVE_HUB: z.enum(['memory', 'redis']).optional(),
  /** The live stream's keep-alive comment, in ms (15 s; the gateway's upstream timeout is 30 s). Tests shorten it. */
  LIVE_PING_MS: env.int(15_000, 50, 25_000),
  /** The platform's REDIS_URL (read here too for LIVE_HUB). */
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
};

export type MessagingEnv = z.infer<z.ZodObject<typeof messagingEnvShape>>;

export interface MessagingConfig {
  nodeEnv: MessagingEnv['NODE_ENV'];
  email:
    { kind: 'smtp'; host: string; port: number; secure: boolean; user?: string; password?: string; from: string } | { kind: 'mailbox' };
  sms: { kind: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string } | { kind: 'mailbox' };
  devMailbox: boolean;
  /** MESSAGING_PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  seedDemo: boolean;
  /** SEED_BENCH_SHOPPERS (0 in production). */
  benchShoppers: number;
  /** Where a message's media may live: `/api/gallery/files` and GALLERY_PUBLIC_BASE_URL when set. */
  galleryBases: string[];
  /** LIVE_HUB when set (else decided from the platform's configuration). */
  liveHub?: 'memory' | 'redis';
  redisUrl?: string;
  livePingMs: number;
}

export const MESSAGING_CONFIG = Symbol.for('vitrina.messaging.config');

export function loadMessagingConfig(source: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const e = parseEnv(messagingEnvShape, source, (c) => {
    const problems: string[] = [];
    const production = c.NODE_ENV === 'production';
    if (production && c.DEV_MAILBOX) problems.push('DEV_MAILBOX: must not be enabled when NODE_ENV=production (it lists every code sent)');
    if (production && !c.SMTP_HOST) problems.push('SMTP_HOST: required when NODE_ENV=production');
    if (production && c.SMS_PROVIDER !== 'twilio') problems.push('SMS_PROVIDER: must be twilio when NODE_ENV=production');
    if (c.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!c[name]) problems.push(`${name}: required when SMS_PROVIDER=twilio`);
      }
    }
    if (c.LIVE_HUB === 'redis' && !c.REDIS_URL) problems.push('REDIS_URL: required when LIVE_HUB=redis');
    if (c.SMTP_USER && !c.SMTP_PASSWORD) problems.push('SMTP_PASSWORD: required with SMTP_USER');
    return problems;
  });
  const production = e.NODE_ENV === 'production';
  return {
    nodeEnv: e.NODE_ENV,
    email: e.SMTP_HOST
      ? {
          kind: 'smtp',
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE ?? e.SMTP_PORT === 465,
          ...(e.SMTP_USER ? { user: e.SMTP_USER, password: e.SMTP_PASSWORD! } : {}),
          from: e.SMTP_FROM,
        }
      : { kind: 'mailbox' },
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            kind: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_FROM!,
            apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
          }
        : { kind: 'mailbox' },
    devMailbox: e.DEV_MAILBOX ?? !production,
    publicUrl: e.MESSAGING_PUBLIC_URL.replace(/\/+$/, ''),
    seedDemo: !production && (e.SEED_DEMO ?? e.NODE_ENV === 'development'),
    benchShoppers: production ? 0 : e.SEED_BENCH_SHOPPERS,
    galleryBases: ['/api/gallery/files', ...(e.GALLERY_PUBLIC_BASE_URL ? [e.GALLERY_PUBLIC_BASE_URL.replace(/\/+$/, '')] : [])],
    ...(e.LIVE_HUB ? { liveHub: e.LIVE_HUB } : {}),
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    livePingMs: e.LIVE_PING_MS,
  };
}
