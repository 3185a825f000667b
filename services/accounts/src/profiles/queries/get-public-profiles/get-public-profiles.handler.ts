import { Injectable } from '@nestjs/common';
import { MAX_LIST_LIMIT, type ListResponse, type PublicProfile } from '@vitrina/contracts';
import { NotFoundError, ValidationError, listResponse } from '@vitrina/platform';
import { Clock } from '../../../shared/clock.js';
import { publicProfile } from '../../../users/domain/profile.js';
import { UsersRepository } from '../../../users/users.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `profile-public` by id and by a comma-joined id list (spec 2 §7): active accounts only, no contact data. */
@Injectable()
export class GetPublicProfilesHandler {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async one(id: string): Promise<PublicProfile> {
    if (!UUID.test(id)) throw new NotFoundError('The profile does not exist');
    const [user] = await this.users.activeByIds([id]);
    if (!user) throw new NotFoundError('The profile does not exist');
    return publicProfile(user, this.clock.now());
  }

  /** Profiles in the order asked, duplicates and unknown ids left out, at most `limit`. */
  async many(idList: string, limit = MAX_LIST_LIMIT): Promise<ListResponse<PublicProfile>> {
    const ids = [
      ...new Set(
        idList
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw new ValidationError('ids: at least one id is required', { ids: ['required'] });
    if (ids.length > MAX_LIST_LIMIT)
      throw new ValidationError(`ids: at most ${MAX_LIST_LIMIT} ids`, { ids: [`at most ${MAX_LIST_LIMIT}`] });
    const bad = ids.find((id) => !UUID.test(id));
    if (bad !== undefined) throw new ValidationError('ids: every id must be a user id', { ids: ['every id must be a user id'] });
    const wanted = ids.slice(0, limit);
    const rows = await this.users.activeByIds(wanted);
    const byId = new Map(rows.map((u) => [u.id, u]));
    const now = this.clock.now();
    const results = wanted.flatMap((id) => {
      const u = byId.get(id);
      return u ? [publicProfile(u, now)] : [];
    });
    return listResponse(results, results.length);
  }
}
