import { Body, Controller, Get, Inject, NotFoundException, Param, Post, type Type } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { eq } from 'drizzle-orm';
import {
  DiagPingReceivedSchema,
  DiagPingSentSchema,
  DiagWhoamiSchema,
  Topics,
  type DiagPingReceived,
  type DiagPingSent,
  type DiagWhoami,
  type EventEnvelope,
  type PlatformPingSent,
} from '@vitrina/contracts';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { Outbox } from '../outbox/outbox.js';
import { TransactionRunner } from '../outbox/transaction-runner.js';
import { DB, SERVICE } from './tokens.js';
import { Authenticated, CurrentUser } from '../auth/decorators.js';
import type { AuthUser } from '../auth/tokens.js';
import { ApiAnswer } from '../http/api-answer.js';
import type { ServiceDataOptions } from './service-data.js';

class PingDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  note?: string;
}

/**
 * A synthetic check of the whole event path between services: `POST /{group}/_diag/ping` commits a
 * `platform.ping.sent` event through this service's outbox; every service consumes it through the
 * bus and its inbox and records it; `GET /{group}/_diag/pings/{id}` on any service says whether it
 * arrived there. Used by the cluster smoke test and handy for operators. Disabled in production.
 */
export function diagnosticsController(group: string): Type<unknown> {
  @Controller(`${group}/_diag`)
  class DiagnosticsController {
    constructor(
      @Inject(SERVICE) private readonly service: ServiceDataOptions,
      @Inject(DB) private readonly db: Db,
      private readonly tx: TransactionRunner,
      private readonly outbox: Outbox,
    ) {}

    @Post('ping')
    @ApiAnswer(DiagPingSentSchema, { status: 201, errors: [400] })
    async ping(@Body() _body: PingDto): Promise<DiagPingSent> {
      const id = newId();
      await this.tx.run((tx) =>
        this.outbox.add(tx, {
          type: `${Topics.platformPing}.sent`,
          key: id,
          data: { pingId: id, from: this.service.name } satisfies PlatformPingSent,
        }),
      );
      return { id };
    }

    @Get('pings/:id')
    @ApiAnswer(DiagPingReceivedSchema, { errors: [404] })
    async received(@Param('id') id: string): Promise<DiagPingReceived> {
      const [row] = await this.db.select().from(this.service.tables.pings).where(eq(this.service.tables.pings.id, id)).limit(1);
      if (!row) throw new NotFoundException({ code: 'not_found', message: 'Ping not received (yet)' });
      return { id: row.id, from: row.fromService, received_at: row.receivedAt.toISOString() };
    }

    /** Who the gateway and this service think the caller is: checks token verification end to end. */
    @Get('whoami')
    @Authenticated()
    @ApiAnswer(DiagWhoamiSchema)
    whoami(@CurrentUser() user: AuthUser): DiagWhoami {
      return user;
    }

    @EventPattern(Topics.platformPing)
    async onPing(@Payload() event: EventEnvelope<PlatformPingSent>): Promise<void> {
      await this.tx.run(async (tx) => {
        await tx.insert(this.service.tables.pings).values({ id: event.data.pingId, fromService: event.data.from }).onConflictDoNothing();
      });
    }
  }
  return DiagnosticsController;
}
