/**
 * Deployment material stays in step with the code (docs/architecture.md §1-§2):
 * docker-compose.yml, Dockerfile, infra/k8s, infra/kafka, infra/postgres against libs/contracts.
 *
 *   node --experimental-vm-modules node_modules/jest/bin/jest.js launcher/test/deployment.spec.ts
 *
 * The compose validation needs Debian's `docker-compose` (v1.29, `apt-get install -y docker-compose`), which
 * rejects v2-only keys; without the binary it prints a SKIP line, or fails when REQUIRE_SERVICES=1 (CI).
 */
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ALL_TOPICS, GATEWAY_PORT, SERVICE_NAMES, SERVICES, serviceUrlVariable } from '@vitrina/contracts';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(resolve(ROOT, path), 'utf8');

/** Every process of the distributed stack: the gateway and the services of libs/contracts. */
const PROCESSES = ['gateway', ...SERVICE_NAMES] as const;
const portOf = (name: (typeof PROCESSES)[number]): number => (name === 'gateway' ? GATEWAY_PORT : SERVICES[name].port);
const DLQ = (topic: string): string => `${topic}.dlq`;
const EVERY_TOPIC = ALL_TOPICS.flatMap((t) => [t, DLQ(t)]);

/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = Record<string, any>;

const compose: Doc = parse(read('docker-compose.yml'), { merge: true });
const composeServices: Record<string, Doc> = compose.services;

/** compose `environment` as a map, whether written as a map or as `KEY=value` lines. */
function envOf(service: Doc): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((line: string) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]));
  }
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v as string | number | boolean)]),
  );
}

/** A compose value with its `${VARIABLE:-default}` substituted as without a .env. */
const withDefault = (value: string | undefined): string | undefined => value?.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

/** compose `command`/`test` as one string. */
const asText = (value: unknown): string =>
  Array.isArray(value) ? value.join(' ') : typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function k8sDocs(): Doc[] {
  const dir = resolve(ROOT, 'infra/k8s');
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml')
    .flatMap((f) =>
      parseAllDocuments(readFileSync(resolve(dir, f), 'utf8')).map((d): Doc => {
        if (d.errors.length) throw new Error(`infra/k8s/${f}: ${d.errors[0].message}`);
        return { ...(d.toJS() as Doc), __file: f };
      }),
    )
    .filter((d) => d && d.kind);
}

describe('docker-compose.yml', () => {
  it('validates with docker-compose v1.29 (`config -q`), so it has no v2-only keys', () => {
    const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
    if (probe.error) {
      if (process.env.REQUIRE_SERVICES === '1') {
        throw new Error('docker-compose is not installed (apt-get install -y docker-compose) and REQUIRE_SERVICES=1');
      }
      console.log('SKIP docker-compose validation: `docker-compose` not installed (apt-get install -y docker-compose)');
      return;
    }
    const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      // Validation must not depend on the operator's .env or shell: only the file's own defaults.
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('avoids the keys docker-compose 1.29 rejects', () => {
    expect(compose).not.toHaveProperty('name');
    expect(compose).not.toHaveProperty('include');
    for (const [name, service] of Object.entries(composeServices)) {
      for (const dep of Object.values<Doc>(service.depends_on && !Array.isArray(service.depends_on) ? service.depends_on : {})) {
        expect({ name, dep }).not.toHaveProperty('dep.required');
      }
    }
  });

  it.each(PROCESSES)('runs %s from the Dockerfile with the distributed configuration', (name) => {
    const service = composeServices[name];
    expect(service).toBeDefined();
    expect(service.build).toMatchObject({ context: '.', args: { SERVICE: name } });
    const env = envOf(service);
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      EVENT_BUS: 'kafka',
      JOB_QUEUE: 'bullmq',
      PORT: String(portOf(name)),
    });
    expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/.+@postgres:5432\//);
    expect(env.KAFKA_BROKERS).toMatch(/kafka:9092/);
    expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    expect(env).toHaveProperty('AUTH_PUBLIC_KEY');
    // Only accounts signs tokens.
    expect('AUTH_PRIVATE_KEY' in env).toBe(name === 'accounts');
    // One prefix for every Redis key of the stack; docker's SIGKILL comes after the graceful stop's bound.
    expect(withDefault(env.REDIS_PREFIX)).toBe('vitrina');
    const bound = Number(withDefault(env.SHUTDOWN_TIMEOUT_MS));
    expect(bound).toBeGreaterThan(0);
    expect(Number(/^(\d+)s$/.exec(String(service.stop_grace_period))?.[1]) * 1000).toBeGreaterThan(bound);
    expect(asText(service.healthcheck?.test)).toContain('/health/ready');
    for (const infra of ['postgres', 'redis', 'kafka']) {
      expect(service.depends_on?.[infra]?.condition).toBe('service_healthy');
    }
    expect(service.depends_on?.['kafka-init']?.condition).toBe('service_completed_successfully');
  });

  it('publishes a port for the gateway only, which knows where every service is', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      if (name !== 'gateway') expect({ name, ports: service.ports }).toEqual({ name, ports: undefined });
    }
    expect(asText(composeServices.gateway.ports)).toMatch(new RegExp(`:${GATEWAY_PORT}\\b`));
    const env = envOf(composeServices.gateway);
    for (const name of SERVICE_NAMES) {
      expect(env[serviceUrlVariable(name)]).toBe(`http://${name}:${SERVICES[name].port}`);
    }
  });

  it('runs Redis with AOF and noeviction (BullMQ loses jobs otherwise)', () => {
    const command = asText(composeServices.redis?.command);
    expect(command).toMatch(/--appendonly\s+yes\b/);
    expect(command).toMatch(/--maxmemory-policy\s+noeviction\b/);
    expect(asText(composeServices.redis?.healthcheck?.test)).toContain('ping');
  });

  it('runs Kafka in KRaft mode, creates the topics before the services start, and PostgreSQL with a healthcheck', () => {
    const kafka = envOf(composeServices.kafka);
    expect(kafka.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    expect(composeServices.kafka.healthcheck).toBeDefined();
    const init = composeServices['kafka-init'];
    expect(asText(init.entrypoint) + asText(init.command)).toContain('create-topics.sh');
    expect(init.depends_on?.kafka?.condition).toBe('service_healthy');
    expect(composeServices.postgres.image).toMatch(/^postgres:1[56]/);
    expect(asText(composeServices.postgres.healthcheck?.test)).toContain('pg_isready');
    expect(asText(composeServices.postgres.volumes)).toContain('infra/postgres/init.sql');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds on node:24-bookworm-slim with npm install (not npm ci) and runs as a non-root user', () => {
    expect(dockerfile).toMatch(/node:24-bookworm-slim/);
    expect(dockerfile).toMatch(/^RUN npm install\b/m);
    expect(dockerfile).not.toMatch(/^RUN npm ci\b/m);
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(dockerfile).toMatch(/services\/\$\{SERVICE\}\/dist\/main\.js/);
    expect(dockerfile).toMatch(/web\/dist/);
  });
});

describe('infra/k8s', () => {
  const docs = k8sDocs();
  const find = (kind: string, name: string): Doc | undefined => docs.find((d) => d.kind === kind && d.metadata?.name === name);

  it.each(PROCESSES)('has a Deployment, Service and HorizontalPodAutoscaler for %s', (name) => {
    const deployment = find('Deployment', name);
    expect(deployment).toBeDefined();
    const container = deployment!.spec.template.spec.containers[0];
    expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
    expect(container.livenessProbe.httpGet.path).toBe('/health/live');
    expect(container.resources?.requests?.cpu).toBeDefined();
    expect(container.resources?.limits?.memory).toBeDefined();
    expect(container.envFrom).toEqual(expect.arrayContaining([{ configMapRef: { name: 'vitrina-config' } }]));
    const env = Object.fromEntries(container.env.map((e: Doc) => [e.name, e]));
    expect(env.PORT.value).toBe(String(portOf(name)));
    expect(env.DATABASE_URL.valueFrom.secretKeyRef).toBeDefined();
    expect(env.AUTH_PUBLIC_KEY.valueFrom.secretKeyRef).toBeDefined();
    expect('AUTH_PRIVATE_KEY' in env).toBe(name === 'accounts');
    expect(deployment!.spec.template.spec.securityContext.runAsNonRoot).toBe(true);

    const service = find('Service', name);
    expect(service?.spec.ports[0].port).toBe(portOf(name));

    const hpa = find('HorizontalPodAutoscaler', name);
    expect(hpa?.apiVersion).toBe('autoscaling/v2');
    expect(hpa?.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
    expect(hpa?.spec.metrics).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) })]),
    );
  });

  it('routes the gateway from an Ingress, and shares a ConfigMap and a Secret template', () => {
    const ingress = docs.find((d) => d.kind === 'Ingress');
    expect(JSON.stringify(ingress?.spec)).toContain('"name":"gateway"');
    const config = find('ConfigMap', 'vitrina-config');
    for (const name of SERVICE_NAMES) {
      expect(config?.data[serviceUrlVariable(name)]).toBe(`http://${name}:${SERVICES[name].port}`);
    }
    expect(config?.data).toMatchObject({ NODE_ENV: 'production', EVENT_BUS: 'kafka', JOB_QUEUE: 'bullmq', REDIS_PREFIX: 'vitrina' });
    expect(find('Secret', 'vitrina-secrets')).toBeDefined();
    expect(find('Secret', 'vitrina-auth-signing')).toBeDefined();
  });

  it('lists every manifest but the Secret template in kustomization.yaml', () => {
    const kustomization: Doc = parse(read('infra/k8s/kustomization.yaml'));
    const files = readdirSync(resolve(ROOT, 'infra/k8s')).filter(
      (f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml' && f !== 'secret.example.yaml',
    );
    expect([...kustomization.resources].sort((a, b) => a.localeCompare(b))).toEqual(files.sort((a, b) => a.localeCompare(b)));
  });
});

describe('infra/kafka', () => {
  it('declares every topic of libs/contracts and its .dlq twin as a KafkaTopic', () => {
    const topics = parseAllDocuments(read('infra/kafka/topics.yaml'))
      .map((d) => d.toJS() as Doc)
      .filter((d) => d?.kind === 'KafkaTopic');
    const byName = new Map(topics.map((t) => [t.spec.topicName ?? t.metadata.name, t]));
    expect([...byName.keys()].sort((a, b) => a.localeCompare(b))).toEqual([...EVERY_TOPIC].sort((a, b) => a.localeCompare(b)));
    for (const topic of topics) {
      expect(topic.spec.partitions).toBeGreaterThanOrEqual(1);
      expect(topic.spec.replicas).toBe(3);
      expect(Number(topic.spec.config['min.insync.replicas'])).toBe(2);
      expect(Number(topic.spec.config['retention.ms'])).toBeGreaterThan(0);
    }
  });

  it('creates the same topics in create-topics.sh', () => {
    const script = read('infra/kafka/create-topics.sh');
    const list = script.match(/^TOPICS=\(\n([\s\S]*?)\n\)/m)?.[1];
    expect(list).toBeDefined();
    const declared = list!
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect([...declared].sort()).toEqual([...ALL_TOPICS].sort());
    expect(script).toContain('"$topic.dlq"');
  });
});
