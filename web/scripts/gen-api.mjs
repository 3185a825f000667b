#!/usr/bin/env node
// Generates src/api/schema.d.ts from the merged OpenAPI document (issue 10 §1; docs/conventions.md "Adding an endpoint").
//
//   node scripts/gen-api.mjs                       from openapi.json, the document built in-process by
//                                                  scripts/openapi-build.mjs at the repository root (committed)
//   node scripts/gen-api.mjs <url-or-path>         from another URL (a running gateway's /api/docs/openapi.json) or file
//   node scripts/gen-api.mjs --file <path>         from a JSON file
//   --check            write nothing; exit 1 when schema.d.ts is not what the document generates
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_SOURCE = resolve(webDir, 'openapi.json');
const OUTPUT = resolve(webDir, 'src/api/schema.d.ts');

function fail(message) {
  console.error(`gen-api: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    file: { type: 'string' },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: gen-api.mjs [<url-or-path> | --file <path>] [--check]');
  process.exit(0);
}
if (values.file && positionals.length) fail('give either --file or a positional source, not both');
const source = values.file ?? positionals[0] ?? DEFAULT_SOURCE;
const isUrl = !values.file && /^https?:\/\//i.test(source);

async function load() {
  let text;
  if (isUrl) {
    let response;
    try {
      response = await fetch(source, { headers: { accept: 'application/json' } });
    } catch (error) {
      fail(`cannot reach ${source} (${error.cause?.code ?? error.message}). Is the gateway running? Use --file for a saved document.`);
    }
    if (!response.ok) fail(`${source} answered ${response.status} ${response.statusText}`);
    text = await response.text();
  } else {
    const path = resolve(process.cwd(), source);
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      fail(`cannot read ${path} (${error.code ?? error.message})`);
    }
  }
  let document;
  try {
    document = JSON.parse(text);
  } catch (error) {
    fail(`${source} is not JSON: ${error.message}`);
  }
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.')) {
    fail(`${source} is not an OpenAPI 3.x document (openapi: ${JSON.stringify(document?.openapi)})`);
  }
  return document;
}

const document = await load();
const ast = await openapiTS(document, { alphabetize: true });
const output = `${COMMENT_HEADER}${astToString(ast)}`;

if (values.check) {
  const current = await readFile(OUTPUT, 'utf8').catch(() => '');
  if (current !== output) fail(`${OUTPUT} is out of date: run node web/scripts/gen-api.mjs (after node scripts/openapi-build.mjs)`);
  console.log('gen-api: schema.d.ts is up to date');
  process.exit(0);
}
await writeFile(OUTPUT, output);
console.log(`gen-api: wrote ${OUTPUT} from ${source}`);
