import { z } from 'zod';

/** `POST /{group}/_diag/ping` (outside production): the id of the ping event sent through the outbox. */
export const DiagPingSentSchema = z.strictObject({ id: z.string() }).meta({ id: 'DiagPingSent' });
export type DiagPingSent = z.infer<typeof DiagPingSentSchema>;

/** `GET /{group}/_diag/pings/{id}`: the ping reached this service (from whom, when). */
export const DiagPingReceivedSchema = z
  .strictObject({ id: z.string(), from: z.string(), received_at: z.string() })
  .meta({ id: 'DiagPingReceived' });
export type DiagPingReceived = z.infer<typeof DiagPingReceivedSchema>;

/** `GET /{group}/_diag/whoami`: the caller as this service read the access token. */
export const DiagWhoamiSchema = z
  .strictObject({
    id: z.string(),
    level: z.number().int(),
    keychain: z.array(z.string()),
    sessionId: z.string().optional(),
    /** Expiry, seconds since the epoch. */
    expiresAt: z.number().int(),
  })
  .meta({ id: 'DiagWhoami' });
export type DiagWhoami = z.infer<typeof DiagWhoamiSchema>;
