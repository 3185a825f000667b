import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SetupTourSchema, type SetupTour } from '@vitrina/contracts';
import { ApiAnswer, OwnerPath, PathOwner, ValidationError, type OwnerRef } from '@vitrina/platform';
import { sameOwner } from '../../profiles/http/profile-admin.http.controller.js';
import { SetTourDto, SetTourHandler } from '../commands/set-tour/set-tour.handler.js';

const APP_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

/** spec 2 §7 `GET/PATCH setup-apps {meID}:{app}/{meID}` (the tour flag of one app). */
@ApiTags('setup-apps')
@Controller('setup-apps')
export class SetupAppsHttpController {
  constructor(private readonly tours: SetTourHandler) {}

  @Get(':owner/:me')
  @OwnerPath('owner')
  @ApiAnswer(SetupTourSchema, { errors: [400] })
  get(@PathOwner() owner: OwnerRef, @Param('me') me: string): Promise<SetupTour> {
    return this.tours.get(sameOwner(owner, me), appOf(owner));
  }

  @Patch(':owner/:me')
  @OwnerPath('owner')
  @ApiAnswer(SetupTourSchema, { errors: [400] })
  set(@PathOwner() owner: OwnerRef, @Param('me') me: string, @Body() dto: SetTourDto): Promise<SetupTour> {
    return this.tours.set(sameOwner(owner, me), appOf(owner), dto.show_tour);
  }
}

function appOf(owner: OwnerRef): string {
  const app = owner.qualifier;
  if (!app || !APP_PATTERN.test(app)) throw new ValidationError('The path must be /{meID}:{app}/{meID}', { app: ['must name an app'] });
  return app.toLowerCase();
}
