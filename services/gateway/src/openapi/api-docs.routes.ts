import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiDescription } from './api-description.js';
import type { OpenApiDocument } from './merge-openapi.js';

export const OPENAPI_PATH = '/api/docs/openapi.json';
const DOCS_PATH = '/api/docs';
const ASSETS_PREFIX = '/api/docs/assets/';
/** The Swagger UI files the page loads; nothing else of the package is served. */
const SWAGGER_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png', '/favicon-16x16.png']);

/** `GET /api/docs/openapi.json`: the merged description (the web app's client types are generated from it). */
export function installOpenApiRoute(app: FastifyInstance, description: ApiDescription): void {
  app.get(OPENAPI_PATH, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return description.document();
  });
}

/**
 * `GET /api/docs`: Swagger UI from the bundled `swagger-ui-dist` files (no CDN; the page's script is a file,
 * so the strict CSP holds). Without that package, a plain page lists the operations instead.
 */
export async function installApiDocsPage(app: FastifyInstance, description: ApiDescription): Promise<void> {
  const swaggerDir = swaggerUiDir();
  if (swaggerDir) {
    await app.register(fastifyStatic, {
      root: swaggerDir,
      prefix: ASSETS_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => SWAGGER_FILES.has(pathName),
      maxAge: '1d',
    });
    app.get(`${DOCS_PATH}/init.js`, async (_request, reply) => {
      void reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache');
      return `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });\n`;
    });
  }
  app.get(DOCS_PATH, async (_request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return swaggerDir ? SWAGGER_PAGE : operationsPage(await description.document());
  });
}

const SWAGGER_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Vitrina API</title>
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

function swaggerUiDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return undefined;
  }
}

function operationsPage(doc: OpenApiDocument): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || op === null || !('responses' in op)) continue;
      const { summary, tags } = op as { summary?: string; tags?: string[] };
      rows.push(
        `<tr><td>${escape(tags?.[0] ?? '')}</td><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(summary ?? '')}</td></tr>`,
      );
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Vitrina API</title></head>
<body>
<h1>Vitrina API</h1>
<p>Machine-readable description: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></p>
<table><thead><tr><th>service</th><th>method</th><th>path</th><th>summary</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</body></html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
