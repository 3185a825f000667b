import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../fixtures/build-platform.js';

/**
 * librdkafka's mock cluster as a Kafka-protocol broker for tests (docs/toolchain.md, "Kafka and Docker"):
 * scripts/kafka-mock/kafka-mock.c, built on first use with gcc against Debian's librdkafka-dev.
 *
 * Limits: no CreateTopics for clients (topics are created through the mock's stdin commands). librdkafka 2.0.2's
 * mock misreads ListOffsets v4+ and InitProducerId v3+, so kafka-mock.c advertises older versions of those two
 * requests; with that, @platformatic/kafka's idempotent producer (acks -1) works against it as against a broker.
 */
const sourceDir = join(repoRoot, 'scripts/kafka-mock');
const binary = join(sourceDir, 'kafka-mock');
const source = join(sourceDir, 'kafka-mock.c');

export type KafkaMockAvailability = { available: true; binary: string } | { available: false; reason: string };

/** Builds the mock when needed; says why it cannot when gcc or librdkafka-dev is missing. */
export function ensureKafkaMock(): KafkaMockAvailability {
  if (existsSync(binary) && statSync(binary).mtimeMs >= statSync(source).mtimeMs) return { available: true, binary };
  if (spawnSync('gcc', ['--version']).status !== 0) return { available: false, reason: 'gcc is not installed' };
  if (!existsSync('/usr/include/librdkafka/rdkafka_mock.h')) {
    return { available: false, reason: 'librdkafka-dev is not installed (apt-get install -y librdkafka-dev)' };
  }
  const built = spawnSync('flock', ['/tmp/vitrina-kafka-mock-build.lock', 'sh', join(sourceDir, 'build.sh')], { encoding: 'utf8' });
  if (built.status !== 0 || !existsSync(binary)) {
    return { available: false, reason: `building the mock failed: ${built.stderr || built.stdout || built.error?.message}` };
  }
  return { available: true, binary };
}

export interface KafkaMock {
  /** `host:port` list for the client's bootstrap brokers. */
  readonly brokers: string[];
  /** Creates topics (idempotent per name within one mock). */
  createTopics(topics: string[], partitions?: number): Promise<void>;
  /** Sends one raw command (see kafka-mock.c) and returns its answer line. */
  command(line: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startKafkaMock(brokerCount = 1): Promise<KafkaMock> {
  const availability = ensureKafkaMock();
  if (!availability.available) throw new Error(`kafka mock unavailable: ${availability.reason}`);
  const child: ChildProcessWithoutNullStreams = spawn(availability.binary, [String(brokerCount)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  const early: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else early.push(line);
  });
  const nextLine = (timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const queued = early.shift();
      if (queued !== undefined) return resolve(queued);
      const timer = setTimeout(() => reject(new Error(`kafka mock did not answer in ${timeoutMs} ms: ${stderr.join('')}`)), timeoutMs);
      waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const first = await nextLine(10_000);
  const match = /^bootstrap (.+)$/.exec(first);
  if (!match) {
    child.kill('SIGKILL');
    throw new Error(`kafka mock printed "${first}" instead of its bootstrap address`);
  }
  const brokers = match[1].split(',').map((b) => b.trim());
  const created = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();

  const command = (line: string): Promise<string> => {
    const run = chain.then(async () => {
      child.stdin.write(`${line}\n`);
      return nextLine(10_000);
    });
    chain = run.catch(() => undefined);
    return run;
  };

  return {
    brokers,
    command,
    async createTopics(topics, partitions = 4) {
      for (const topic of topics) {
        if (created.has(topic)) continue;
        const answer = await command(`create ${topic} ${partitions}`);
        if (!answer.startsWith('ok')) throw new Error(`kafka mock: ${answer}`);
        created.add(topic);
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end(); // the mock exits on end of input
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
      lines.close();
    },
  };
}
