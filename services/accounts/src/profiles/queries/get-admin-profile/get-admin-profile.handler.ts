import { Injectable } from '@nestjs/common';
import { isOnline, type AdminProfile, type HeartbeatResponse } from '@vitrina/contracts';
import { NotFoundError } from '@vitrina/platform';
import type { UserRow } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { adminProfile } from '../../../users/domain/profile.js';
import { UsersRepository } from '../../../users/users.repository.js';
import { ShopsRepository } from '../../../shops/shops.repository.js';
import { MembershipsService } from '../../../memberships/memberships.service.js';

/** The owner's own profile and heartbeat (`profile-admin`); the route already proved the caller is the owner. */
@Injectable()
export class GetAdminProfileHandler {
  constructor(
    private readonly users: UsersRepository,
    private readonly shops: ShopsRepository,
    private readonly clock: Clock,
    private readonly memberships: MembershipsService,
  ) {}

  async profile(userId: string): Promise<AdminProfile> {
    const user = await this.active(userId);
    return adminProfile(user, this.clock.now(), await this.shops.owned(user.storeId), await this.memberships.rateOf(user.id));
  }

  async heartbeat(userId: string): Promise<HeartbeatResponse> {
    const user = await this.active(userId);
    return { date: user.heartbeatAt?.toISOString() ?? null, online: isOnline(user.heartbeatAt, this.clock.now()) };
  }

  private async active(userId: string): Promise<UserRow> {
    const user = await this.users.byId(userId);
    if (!user || user.status !== 'active') throw new NotFoundError('The profile does not exist');
    return user;
  }
}
