import { z } from 'zod';

/** Raised when the environment is missing or has a bad value; names every offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `FOO=` in a shell or compose file falls back to the default. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') out[k] = v;
  return out;
}

/**
 * Parses and validates environment variables against a zod shape.
 * Throws ConfigError listing `NAME: problem` for each bad or missing variable.
 */
export function parseEnv<S extends z.ZodRawShape>(
  shape: S,
  env: NodeJS.ProcessEnv = process.env,
  refine?: (value: z.infer<z.ZodObject<S>>) => string[],
): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(withoutEmpty(env));
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  const problems = refine ? refine(result.data) : [];
  if (problems.length > 0) throw new ConfigError(problems);
  return result.data;
}

/** Helpers for common variable kinds. */
export const env = {
  int: (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def),
  bool: (def: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default(def ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  list: () =>
    z.string().transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  url: (protocols: string[]) =>
    z.string().refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `must be a URL with protocol ${protocols.join(' or ')}`,
    ),
};
