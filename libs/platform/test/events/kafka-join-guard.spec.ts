import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import type { Consumer } from '@platformatic/kafka';
import { coalesceRejoins } from '../../src/events/kafka-join-guard.js';

type JoinCallback = (error: Error | null, memberId?: string) => void;

/** The two things the guard uses of a consumer: its events and its public joinGroup (what the client's commit calls). */
class ClientDouble extends EventEmitter {
  memberId = 'member-1';
  readonly joins: Array<{ options: object; callback?: JoinCallback }> = [];
  joinGroup(options: object, callback?: JoinCallback): void {
    this.joins.push({ options, ...(callback ? { callback } : {}) });
  }
}

const guarded = (limitMs = 5_000) => {
  const client = new ClientDouble();
  coalesceRejoins(client as unknown as Consumer<string, string, string, string>, limitMs);
  return client;
};

const answer = () => {
  const answers: Array<{ error: Error | null; memberId?: string }> = [];
  const callback: JoinCallback = (error, memberId) => answers.push({ error, ...(memberId ? { memberId } : {}) });
  return { answers, callback };
};

describe('coalesceRejoins (one join per rebalance)', () => {
  it('lets a join through when no rebalance was signalled (the first join, a fenced member)', () => {
    const client = guarded();
    const { callback } = answer();
    client.joinGroup({}, callback);
    expect(client.joins).toHaveLength(1);
  });

  it("answers a commit's rejoin with the heartbeat's join instead of sending a second one", () => {
    const client = guarded();
    client.emit('consumer:group:rebalance', { groupId: 'g' });
    const { answers, callback } = answer();
    client.joinGroup({}, callback);
    expect(client.joins).toHaveLength(0);
    client.emit('consumer:group:join', { assignments: [] });
    expect(answers).toEqual([{ error: null, memberId: 'member-1' }]);
    // The rebalance is over: the next join goes through again.
    client.joinGroup({}, answer().callback);
    expect(client.joins).toHaveLength(1);
  });

  it('answers with an error at once when the consumer closes during the rebalance', () => {
    const client = guarded();
    client.emit('consumer:group:rebalance', {});
    const { answers, callback } = answer();
    client.joinGroup({}, callback);
    client.emit('client:close');
    expect(answers).toHaveLength(1);
    expect(answers[0].error).toBeInstanceOf(Error);
    expect(client.joins).toHaveLength(0);
  });

  it('joins itself when no join follows within the limit', async () => {
    const client = guarded(30);
    client.emit('consumer:group:rebalance', {});
    const { answers, callback } = answer();
    client.joinGroup({ reason: 'commit' }, callback);
    for (let i = 0; i < 200 && client.joins.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(client.joins).toHaveLength(1);
    expect(client.joins[0].options).toEqual({ reason: 'commit' });
    expect(answers).toHaveLength(0); // answered by the real join
    client.emit('consumer:group:join', {});
    expect(answers).toHaveLength(0); // the waiter is gone: no double answer
  });
});
