// A consumer-group member in its own process, for the "member killed mid-handling" test (kafka.spec.ts).
// It subscribes, reports each event it takes on stdout (`took <id>`), and never finishes handling: the test
// SIGKILLs it, so it neither commits the offset nor leaves the group (the broker notices at the session timeout).
import { writeSync } from 'node:fs';
import { KafkaEventBus } from '../../dist/events/kafka-event-bus.js';

const [brokers, topic, group] = process.argv.slice(2);
const bus = await KafkaEventBus.connect({
  brokers: brokers.split(','),
  clientId: 'vt-member',
  sessionTimeout: 3_000,
  rebalanceTimeout: 3_000,
  heartbeatInterval: 300,
  maxWaitTime: 250,
  retries: 8,
  retryDelay: 100,
});
await bus.subscribe({
  topic,
  group,
  handler: async (event) => {
    writeSync(1, `took ${event.id}\n`);
    await new Promise(() => undefined);
  },
});
writeSync(1, 'ready\n');
