import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { and, isNotNull, isNull } from 'drizzle-orm';
import { DB, JOB_QUEUE, LOGGER, type Db, type JobQueue } from '@vitrina/platform';
import type { Logger } from 'pino';
import { galleryImages } from '../../db/schema.js';
import { STORE_CONFIG, type StoreConfig } from '../../shared/config.js';
import { GalleryService } from '../gallery.service.js';

export const GALLERY_DELETE_JOB = 'gallery.delete-image';

interface DeleteImageJob {
  imageId: string;
}

/**
 * Deletes gallery images marked for deletion (a deleted banner's images, an owner's DELETE), one job per
 * image with retries and exponential backoff, so a storage outage only delays the clean-up. Images marked
 * but never queued (the process stopped in between) are queued again at start.
 */
@Injectable()
export class GalleryCleanup implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(DB) private readonly db: Db,
    private readonly gallery: GalleryService,
    @Inject(STORE_CONFIG) private readonly config: StoreConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.jobs.process<DeleteImageJob>(GALLERY_DELETE_JOB, (data) => this.gallery.deleteNow(data.imageId), { concurrency: 2 });
  }

  async onApplicationBootstrap(): Promise<void> {
    const pending = await this.db
      .select({ id: galleryImages.id })
      .from(galleryImages)
      .where(and(isNotNull(galleryImages.deleteRequestedAt), isNull(galleryImages.deletedAt)))
      .limit(10_000);
    if (pending.length === 0) return;
    this.logger.info({ images: pending.length }, 'queueing pending gallery deletions');
    // A restart's jobs get their own ids: an earlier job for the same image may have used up its attempts.
    await this.schedule(
      pending.map((p) => p.id),
      `restart-${Date.now()}`,
    );
  }

  /** Queues the deletion of images already marked in the database. Never throws: the next start catches up. */
  async schedule(imageIds: string[], generation = 'first'): Promise<void> {
    for (const imageId of imageIds) {
      try {
        await this.jobs.add<DeleteImageJob>(
          GALLERY_DELETE_JOB,
          { imageId },
          {
            jobId: `gallery-delete:${imageId}:${generation}`,
            attempts: this.config.gallery.cleanupAttempts,
            backoffMs: this.config.gallery.cleanupBackoffMs,
          },
        );
      } catch (err) {
        this.logger.error({ err, imageId }, 'could not queue a gallery deletion; it is retried at the next start');
      }
    }
  }
}
