import { jest } from '@jest/globals';

/**
 * @fastify/static requires content-disposition 3, an ES module. Node 20.19+ loads it (require of ESM), but
 * Jest's CommonJS loader cannot before Node 24.9, so tests stand in for it. Only `reply.download()` uses it,
 * and the gateway never calls that.
 */
jest.mock('content-disposition', () => ({
  __esModule: true,
  default: () => 'attachment',
  parse: () => ({ type: 'attachment', parameters: {} }),
}));

export const { startGateway } = await import('../../src/gateway.module.js');
