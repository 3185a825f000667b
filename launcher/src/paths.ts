import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The repository root, wherever the launcher is started from. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const WEB_DIST = resolve(REPO_ROOT, 'web/dist');
