import { Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AlertLimits,
  AlertListSchema,
  AlertPendingSchema,
  AlertSchema,
  type Alert,
  type AlertList,
  type AlertPending,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { AlertsService } from '../alerts.service.js';
import { AlertListQueryDto } from './alerts.dto.js';

/**
 * The signed-in user's bell (issue 15; spec 2 §2 'Bell alerts'), `/alerts/{me}:{me}…`. @OwnerPath refuses (401/403)
 * anyone but the owner; an alert id of someone else answers 404.
 */
@ApiTags('alerts')
@ApiRefusals(400)
@Controller('alerts')
@OwnerPath('me')
export class AlertsHttpController {
  constructor(private readonly alerts: AlertsService) {}

  @Get(':me')
  @ApiOperation({ summary: "The user's alerts, newest first, 10 at a time (offset = the number loaded)" })
  @ApiAnswer(AlertListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: AlertListQueryDto): Promise<AlertList> {
    return this.alerts.list(me.ownerId, q.offset ?? 0, q.limit ?? AlertLimits.page);
  }

  @Get(':me/pending')
  @ApiOperation({ summary: "The bell's count: alerts created since the user last opened the panel" })
  @ApiAnswer(AlertPendingSchema)
  pending(@PathOwner() me: OwnerRef): Promise<AlertPending> {
    return this.alerts.pending(me.ownerId);
  }

  @Post(':me/seen')
  @HttpCode(200)
  @ApiOperation({ summary: 'The user opened the panel: the count starts again from zero (idempotent)' })
  @ApiAnswer(AlertPendingSchema)
  seen(@PathOwner() me: OwnerRef): Promise<AlertPending> {
    return this.alerts.seen(me.ownerId);
  }

  @Patch(':me/:id')
  @ApiOperation({ summary: 'A click on the alert: visited (pending_visits false) from then on; again changes nothing' })
  @ApiAnswer(AlertSchema, { errors: [404] })
  visit(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<Alert> {
    return this.alerts.visit(me.ownerId, id);
  }
}
