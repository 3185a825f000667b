import { Injectable } from '@nestjs/common';
import { isOnline, type AdminProfile, type HeartbeatResponse } from '@vitrina/contracts';
import { NotFoundError } from '@vitrina/platform';
import type { UserRow } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { adminProfile } from '../../../users/domain/profile.js';
import { UsersRepository } from '../../../users/users.repository.js';

/** The owner's own profile and heartbeat (`profile-admin`); the route already proved the caller is the owner. */
@Injectable()
export class GetAdminProfileHandler {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async profile(userId: string): Promise<AdminProfile> {
    return adminProfile(await this.active(userId), this.clock.now());
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
