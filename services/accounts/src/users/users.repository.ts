import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import { DB } from '@vitrina/platform';
import { users } from '../db/schema.js';
import type { AccountsDb, Executor, UserRow } from '../db/db.js';
import type { LoginIdentifier } from './domain/contact.js';
import { sha256 } from '../shared/secrets.js';

/** Finders shared by the features; each feature writes its own changes. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DB) readonly db: AccountsDb) {}

  async byId(id: string, ex: Executor = this.db, opts: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
    const q = ex.select().from(users).where(eq(users.id, id)).limit(1);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row;
  }

  async activeByIds(ids: string[], ex: Executor = this.db): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return ex
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.status, 'active')));
  }

  async byEmail(email: string, ex: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await ex.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async byPhone(e164: string, ex: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await ex.select().from(users).where(eq(users.phone, e164)).limit(1);
    return row;
  }

  async byRegistrationCode(code: string, ex: Executor = this.db, opts: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
    const q = ex
      .select()
      .from(users)
      .where(eq(users.registrationCodeHash, sha256(code)))
      .limit(1);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row;
  }

  /** National digits alone name an account only when exactly one account has them. */
  async byIdentifier(id: LoginIdentifier, ex: Executor = this.db): Promise<UserRow | undefined> {
    if (id.kind === 'email') return this.byEmail(id.email, ex);
    if (id.kind === 'phone') return this.byPhone(id.e164, ex);
    const rows = await ex.select().from(users).where(eq(users.phoneNational, id.national)).limit(2);
    return rows.length === 1 ? rows[0] : undefined;
  }
}
