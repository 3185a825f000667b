import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { AccountsErrorCodes, type FollowResponse } from '@vitrina/contracts';
import { DB, DomainError, NotFoundError } from '@vitrina/platform';
import { follows } from '../../../db/schema.js';
import type { AccountsDb } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { UsersRepository } from '../../../users/users.repository.js';

/** spec 2 §4 follow / unfollow (`subscription-public`). Both are idempotent: following twice is still following. */
@Injectable()
export class FollowUserHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async follow(followerId: string, followeeId: string): Promise<FollowResponse> {
    if (followerId === followeeId) throw new DomainError(AccountsErrorCodes.cannotFollowSelf, 'You cannot follow yourself', 400);
    const [target] = await this.users.activeByIds([followeeId]);
    if (!target) throw new NotFoundError('The user to follow does not exist');
    await this.db.insert(follows).values({ followerId, followeeId, createdAt: this.clock.now() }).onConflictDoNothing();
    return { state_follow: 'following' };
  }

  async unfollow(followerId: string, followeeId: string): Promise<FollowResponse> {
    await this.db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    return { state_follow: 'not_following' };
  }

  async state(followerId: string, followeeId: string): Promise<FollowResponse> {
    const [row] = await this.db
      .select({ f: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .limit(1);
    return { state_follow: row ? 'following' : 'not_following' };
  }
}
