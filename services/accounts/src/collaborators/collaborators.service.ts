import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  CollaboratorErrorCodes,
  type Collaborator,
  type CollaboratorList,
  type CollaboratorProfileList,
  type CollaboratorRole,
} from '@vitrina/contracts';
import { DB, DomainError, listResponse, newId, databaseError, SqlState } from '@vitrina/platform';
import { collaborators, shops } from '../db/schema.js';
import { type AccountsDb, type UserRow } from '../db/db.js';
import { UsersRepository } from '../users/users.repository.js';
import { loginIdentifier } from '../users/domain/contact.js';
import { Clock } from '../shared/clock.js';

type Row = typeof collaborators.$inferSelect;

const notFound = () => new DomainError(CollaboratorErrorCodes.notFound, 'No such collaborator in your shop', 404);

function toCollaborator(r: Row): Collaborator {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    username: r.username,
    photo: r.photo,
    role: r.role,
    created_at: r.createdAt.toISOString(),
  };
}

/** The sign-in username (e-mail first, else phone), the name and photo shown of a collaborator. */
function shownOf(u: UserRow): { name: string; username: string; photo: string | null } {
  return { name: u.fullName, username: u.email ?? u.phone ?? '', photo: u.photo ?? null };
}

/** spec 3 §7 'Collaborators' (issue 16): the people a shop's owner works with, and the shops a user works for. */
@Injectable()
export class CollaboratorsService {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  /** The caller's shop: 403 shop_required without one. */
  private async shopOf(meId: string): Promise<{ shopId: string }> {
    const me = await this.users.byId(meId);
    if (!me?.storeId) throw new DomainError(CollaboratorErrorCodes.shopRequired, 'Only the owner of a shop has collaborators', 403);
    return { shopId: me.storeId };
  }

  private async row(shopId: string, id: string): Promise<Row> {
    const [r] = await this.db
      .select()
      .from(collaborators)
      .where(and(eq(collaborators.id, id), eq(collaborators.shopId, shopId)))
      .limit(1);
    if (!r) throw notFound();
    return r;
  }

  async list(meId: string, offset: number, limit: number): Promise<CollaboratorList> {
    const { shopId } = await this.shopOf(meId);
    const rows = await this.db
      .select()
      .from(collaborators)
      .where(eq(collaborators.shopId, shopId))
      .orderBy(desc(collaborators.createdAt), desc(collaborators.id))
      .offset(offset)
      .limit(limit);
    const [{ n }] = await this.db.select({ n: count() }).from(collaborators).where(eq(collaborators.shopId, shopId));
    return listResponse(rows.map(toCollaborator), n);
  }

  async add(meId: string, username: string, role: CollaboratorRole): Promise<Collaborator> {
    const { shopId } = await this.shopOf(meId);
    const id = loginIdentifier({ username });
    const user = id ? await this.users.byIdentifier(id) : undefined;
    if (!user || user.status !== 'active')
      throw new DomainError(CollaboratorErrorCodes.userNotFound, 'No account signs in with that username', 404);
    if (user.id === meId) throw new DomainError(CollaboratorErrorCodes.isOwner, 'You own this shop: you cannot be its collaborator', 400);
    const row: Row = { id: newId(), shopId, ownerId: meId, userId: user.id, role, ...shownOf(user), createdAt: this.clock.now() };
    try {
      await this.db.insert(collaborators).values(row);
    } catch (err) {
      if (databaseError(err, SqlState.uniqueViolation))
        throw new DomainError(CollaboratorErrorCodes.exists, 'That user already collaborates with your shop', 409);
      throw err;
    }
    return toCollaborator(row);
  }

  async changeRole(meId: string, id: string, role: CollaboratorRole): Promise<Collaborator> {
    const { shopId } = await this.shopOf(meId);
    const r = await this.row(shopId, id);
    await this.db.update(collaborators).set({ role }).where(eq(collaborators.id, r.id));
    return toCollaborator({ ...r, role });
  }

  async remove(meId: string, id: string): Promise<void> {
    const { shopId } = await this.shopOf(meId);
    const gone = await this.db
      .delete(collaborators)
      .where(and(eq(collaborators.id, id), eq(collaborators.shopId, shopId)))
      .returning({ id: collaborators.id });
    if (!gone.length) throw notFound();
  }

  /** Reads the collaborator's name, username and photo again from their account. */
  async refresh(meId: string, id: string): Promise<Collaborator> {
    const { shopId } = await this.shopOf(meId);
    const r = await this.row(shopId, id);
    const user = await this.users.byId(r.userId);
    if (!user) return toCollaborator(r);
    const shown = shownOf(user);
    await this.db.update(collaborators).set(shown).where(eq(collaborators.id, r.id));
    return toCollaborator({ ...r, ...shown });
  }

  /** The shops where the caller is a collaborator, newest first (the store.shop projection gives name and slug). */
  async profiles(meId: string, offset: number, limit: number): Promise<CollaboratorProfileList> {
    const rows = await this.db
      .select({ shopId: collaborators.shopId, role: collaborators.role, name: shops.name, slug: shops.slug })
      .from(collaborators)
      .innerJoin(shops, eq(shops.id, collaborators.shopId))
      .where(eq(collaborators.userId, meId))
      .orderBy(desc(collaborators.createdAt), desc(collaborators.id))
      .offset(offset)
      .limit(limit);
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(collaborators)
      .innerJoin(shops, eq(shops.id, collaborators.shopId))
      .where(eq(collaborators.userId, meId));
    return listResponse(
      rows.map((r) => ({ shop_id: r.shopId, name: r.name, slug: r.slug, photo: null, url: `/tienda/${r.slug}/`, role: r.role })),
      n,
    );
  }
}
