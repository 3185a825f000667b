import { Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { and, eq } from 'drizzle-orm';
import type { SetupTour } from '@vitrina/contracts';
import { DB } from '@vitrina/platform';
import { setupTours } from '../../../db/schema.js';
import type { AccountsDb } from '../../../db/db.js';
import { Clock } from '../../../shared/clock.js';
import { BooleanField } from '../../../shared/dto.js';

export class SetTourDto {
  @ApiProperty() @BooleanField() @IsBoolean() show_tour!: boolean;
}

/** spec 2 §3, §4 setup tour per app: shown until the user turns it off (and back on). */
@Injectable()
export class SetTourHandler {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly clock: Clock,
  ) {}

  async get(userId: string, app: string): Promise<SetupTour> {
    const [row] = await this.db
      .select({ showTour: setupTours.showTour })
      .from(setupTours)
      .where(and(eq(setupTours.userId, userId), eq(setupTours.app, app)))
      .limit(1);
    return { app, show_tour: row?.showTour ?? true };
  }

  async set(userId: string, app: string, showTour: boolean): Promise<SetupTour> {
    const now = this.clock.now();
    await this.db
      .insert(setupTours)
      .values({ userId, app, showTour, updatedAt: now })
      .onConflictDoUpdate({ target: [setupTours.userId, setupTours.app], set: { showTour, updatedAt: now } });
    return { app, show_tour: showTour };
  }
}
