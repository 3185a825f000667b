import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_CONTENT_TYPES, isGalleryFileName } from '../domain/image-variants.js';
import { GalleryStorage, type StoredFile } from './gallery-storage.js';

/** Files in a local folder (DATA_DIR/uploads): embedded mode and single-machine clusters. */
export class LocalFolderStorage extends GalleryStorage {
  readonly kind = 'local' as const;
  private ready?: Promise<unknown>;

  constructor(private readonly dir: string) {
    super();
  }

  async put(name: string, body: Buffer): Promise<void> {
    const path = this.path(name);
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    // Write then rename: a reader never sees half a file.
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, body, { mode: 0o644 });
    await rename(tmp, path);
  }

  async get(name: string): Promise<StoredFile | undefined> {
    try {
      return { body: await readFile(this.path(name)), contentType: FILE_CONTENT_TYPES[name.split('.').pop()!] };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    try {
      await unlink(this.path(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  private path(name: string): string {
    if (!isGalleryFileName(name)) throw new Error(`not a gallery file name: ${name}`);
    return join(this.dir, name);
  }
}
