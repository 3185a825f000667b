import type { ReturnRefund, ReturnRequest } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { pollRefund } from './poll-refund';

const request = (status: ReturnRefund['status']) => ({ refunds: [{ id: 'ref_1', status }] }) as unknown as ReturnRequest;

describe('polling a pending refund', () => {
  it('reads every second until the refund is decided', async () => {
    const slept: number[] = [];
    const answers = [request('pending'), request('pending'), request('success')];
    let reads = 0;
    const status = await pollRefund(async () => answers[reads++]!, 'ref_1', { sleep: async (ms) => void slept.push(ms) });
    expect(status).toBe('success');
    expect(reads).toBe(3);
    expect(slept).toEqual([1000, 1000, 1000]);
  });

  it('gives up after 20 s still pending, and survives a failed read', async () => {
    let reads = 0;
    const status = await pollRefund(
      async () => {
        if (++reads === 1) throw new Error('offline');
        return request('pending');
      },
      'ref_1',
      { sleep: async () => {} },
    );
    expect(status).toBe('pending');
    expect(reads).toBe(20);
  });

  it('reports a failed refund', async () => {
    expect(await pollRefund(async () => request('failed'), 'ref_1', { sleep: async () => {} })).toBe('failed');
  });
});
