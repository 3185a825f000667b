import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { AccountsErrorCodes, AccountsEvents, type FollowResponse, type UserFollowed } from '@vitrina/contracts';
import { DB, DomainError, NotFoundError, Outbox, TransactionRunner } from '@vitrina/platform';
import { follows } from '../../../db/schema.js';
import type { AccountsDb, AccountsSchema } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { UsersRepository } from '../../../users/users.repository.js';

/**
 * spec 2 §4 follow / unfollow (`subscription-public`). Both are idempotent: following twice is still following. A new
 * follow publishes `accounts.user.followed` through the outbox in its transaction (messaging alerts the followed user).
 */
@Injectable()
export class FollowUserHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly outbox: Outbox,
  ) {}

  async follow(followerId: string, followeeId: string): Promise<FollowResponse> {
    if (followerId === followeeId) throw new DomainError(AccountsErrorCodes.cannotFollowSelf, 'You cannot follow yourself', 400);
    const [target] = await this.users.activeByIds([followeeId]);
    if (!target) throw new NotFoundError('The user to follow does not exist');
    await this.tx.run(async (tx) => {
      const made = await tx
        .insert(follows)
        .values({ followerId, followeeId, createdAt: this.clock.now() })
        .onConflictDoNothing()
        .returning({ f: follows.followerId });
      // only a new follow is news: re-following, or a retry, publishes nothing
      if (made.length === 0) return;
      const follower = await this.users.byId(followerId, tx);
      const data: UserFollowed = { followerId, followedId: followeeId, followerName: follower?.fullName ?? '' };
      await this.outbox.add(tx, { type: AccountsEvents.followed, key: followeeId, data, actorId: followerId });
    });
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
