import type { Client } from 'openapi-fetch';
import { api } from '@/api/client';

/**
 * @deprecated Untyped view of the client, kept only for `session/session-store.ts`'s refresh call until it uses
 * `refreshSession()` (./refresh-session.ts). Every accounts endpoint is in the generated types (src/api/schema.d.ts):
 * call `api` from '@/api/client' with the path as the OpenAPI names it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const accountsApi = api as unknown as Client<any>;
