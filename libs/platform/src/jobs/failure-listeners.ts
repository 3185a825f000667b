import type { JobFailure } from './job-queue.js';

/** The listeners of JobQueue.onFailure; a throwing listener never disturbs the queue. */
export class FailureListeners {
  private readonly listeners = new Set<(failure: JobFailure) => void>();

  add(listener: (failure: JobFailure) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(failure: JobFailure): void {
    for (const listener of this.listeners) {
      try {
        listener(failure);
      } catch {
        // metrics only
      }
    }
  }
}
