import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Path parameters the OpenAPI must describe although no `@Param()` names them: owner segments read by the
 * auth guard (`@OwnerPath` + `@PathOwner()`), and segments a controller routes on without reading
 * (`{scope}`). Without them the description is invalid (OpenAPI 3 §4.8.12.1: every template expression is a
 * required path parameter) and clients, generated types and the fuzz suite cannot build a URL.
 */
const DESCRIPTIONS: Record<string, string> = {
  owner:
    'Owner segment `{ownerId}:{qualifier}` — usually the signed-in user id twice (`{id}:{id}`); the caller must be able to act as that owner',
  me: 'The signed-in user: `{id}:{id}` where it is the owner segment, the bare `{id}` beside an `{owner}` segment',
  scope: 'Scope segment of an owner path (e.g. `affiliate`); any value routes the same',
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Parameter = { name?: string; in?: string; [key: string]: unknown };

/** Adds each `{name}` of a path template that an operation does not declare as a required string path parameter. */
export function describePathParameters(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    if (names.length === 0) continue;
    const shared = (item as { parameters?: Parameter[] }).parameters ?? [];
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method] as { parameters?: Parameter[] } | undefined;
      if (!operation) continue;
      const declared = new Set([...shared, ...(operation.parameters ?? [])].filter((p) => p.in === 'path').map((p) => p.name));
      const missing = names.filter((name) => !declared.has(name));
      if (missing.length === 0) continue;
      operation.parameters = [
        ...missing.map((name) => ({
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
          ...(DESCRIPTIONS[name] ? { description: DESCRIPTIONS[name] } : {}),
        })),
        ...(operation.parameters ?? []),
      ];
    }
  }
  return document;
}

/**
 * One copy of each security requirement per operation: a route whose own `@OwnerPath` (a collaborator opt-in) repeats
 * its controller's adds the bearer scheme twice, which says nothing more.
 */
export function dedupeSecurity(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, unknown>)[method] as { security?: unknown[] } | undefined;
      if (!operation?.security) continue;
      const seen = new Set<string>();
      operation.security = operation.security.filter((requirement) => {
        const key = JSON.stringify(requirement);
        return !seen.has(key) && seen.add(key) !== undefined;
      });
    }
  }
  return document;
}
