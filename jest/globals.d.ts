// Jest's globals for the type-checking of test files (the suites use them without importing @jest/globals).
import type * as g from '@jest/globals';

declare global {
  const describe: typeof g.describe;
  const it: typeof g.it;
  const test: typeof g.test;
  const expect: typeof g.expect;
  const beforeAll: typeof g.beforeAll;
  const beforeEach: typeof g.beforeEach;
  const afterAll: typeof g.afterAll;
  const afterEach: typeof g.afterEach;
  const jest: typeof g.jest;
}
