import type { Client } from 'openapi-fetch';
import { api } from '@/api/client';

/**
 * The accounts, gallery and dev-mailbox endpoints are not in the gateway's OpenAPI snapshot yet
 * (`npm run api:pull -w web` once the services publish them). Until then they go through the same client
 * (same base URL, same middleware: bearer token, errors as ApiError) without path typing; each endpoint
 * file types its payload and answer with the contracts of `libs/contracts/src/accounts-api.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const accountsApi = api as unknown as Client<any>;
