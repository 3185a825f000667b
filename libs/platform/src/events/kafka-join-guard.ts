import type { Consumer } from '@platformatic/kafka';

type AnyConsumer = Consumer<string, string, string, string>;
type JoinCallback = (error: Error | null, memberId?: string) => void;

/**
 * Keeps a rebalance to one JoinGroup/SyncGroup round per member.
 *
 * @platformatic/kafka (2.12) rejoins the group from two places when the coordinator says a rebalance is under way:
 * the heartbeat, and `commit()` when its OffsetCommit is refused (REBALANCE_IN_PROGRESS). The JoinGroup requests
 * of the two are deduplicated, but each caller then sends its own SyncGroup for the same generation. How a broker
 * treats that second SyncGroup is its own business; librdkafka's mock refuses it (INVALID_REQUEST), which also
 * failed the other members' joins, and each join error restarted the rebalance: with commits in flight at every
 * rebalance (a busy consumer), the group churned and newcomers could not join.
 *
 * So once the client has signalled a rebalance, a `joinGroup` call from the commit path waits for the heartbeat's
 * own rejoin to finish (`consumer:group:join`) and then lets the commit retry in the new generation (the adapter
 * itself defers commits while it knows of a rebalance; this covers the ones already on their way). If no join comes
 * within `limitMs` (no heartbeat rejoin happened after all), it joins itself as before; if the consumer closes
 * meanwhile, the commit fails at once.
 */
export function coalesceRejoins(consumer: AnyConsumer, limitMs: number): void {
  let rebalancing = false;
  consumer.on('consumer:group:rebalance', () => {
    rebalancing = true;
  });
  consumer.on('consumer:group:join', () => {
    rebalancing = false;
  });
  const join = consumer.joinGroup.bind(consumer) as (options?: object, callback?: JoinCallback) => unknown;
  // Only the client's own calls pass a callback (the commit path does); anything else goes straight through.
  (consumer as unknown as { joinGroup: typeof join }).joinGroup = (options, callback) => {
    if (!rebalancing || typeof callback !== 'function') return join(options, callback);
    const settle = (then: () => void) => {
      clearTimeout(timer);
      consumer.removeListener('consumer:group:join', onJoin);
      consumer.removeListener('client:close', onClose);
      then();
    };
    const onJoin = () => settle(() => callback(null, consumer.memberId ?? undefined));
    // Replaced or closed meanwhile (a failed rejoin): answer now, so the caller's commit does not wait out the limit.
    const onClose = () => settle(() => callback(new Error('the consumer closed during the rebalance')));
    const timer = setTimeout(() => settle(() => join(options, callback)), limitMs);
    timer.unref();
    consumer.once('consumer:group:join', onJoin);
    consumer.once('client:close', onClose);
    return undefined;
  };
}
