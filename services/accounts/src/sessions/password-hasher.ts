import { Inject, Injectable } from '@nestjs/common';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { ErrorCodes } from '@vitrina/contracts';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts-config.js';
import { RetryLaterError } from '../shared/errors.js';
import { BoundedSemaphore, QueueFullError } from './domain/bounded-semaphore.js';

/** Issue 3 / OWASP: argon2id, m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Password hashing with bounded concurrency: ACCOUNTS_HASH_CONCURRENCY hashes at once, ACCOUNTS_HASH_QUEUE
 * waiting; a full queue answers 503 at once instead of piling up memory.
 */
@Injectable()
export class PasswordHasher {
  private readonly slots: BoundedSemaphore;
  private dummy?: Promise<string>;

  constructor(@Inject(ACCOUNTS_CONFIG) config: AccountsConfig) {
    this.slots = new BoundedSemaphore(config.hashConcurrency, config.hashQueue);
  }

  hash(password: string): Promise<string> {
    return this.bounded(() => hash(password, ARGON2_OPTIONS));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.bounded(async () => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // a malformed stored hash never signs anyone in
      }
    });
  }

  /**
   * Does the work of a real verification against a hash nobody's password matches, so an unknown account
   * answers as slowly as a known one (issue 3: same answer and timing).
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= hash(`dummy-${Math.random()}`, ARGON2_OPTIONS);
    await this.verify(await this.dummy, password);
    return false;
  }

  private async bounded<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.slots.run(task);
    } catch (err) {
      if (err instanceof QueueFullError) {
        throw new RetryLaterError(ErrorCodes.serviceUnavailable, 'The service is busy; try again in a moment', 1, 503);
      }
      throw err;
    }
  }
}
