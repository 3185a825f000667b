import { ApiAnswer, IgnoreInvalidToken } from '@vitrina/platform';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  RegistrationResponseSchema,
  UserExistsResponseSchema,
  type RegistrationResponse,
  type UserExistsResponse,
} from '@vitrina/contracts';
import { RegisterUserDto, UserExistsDto } from '../commands/register-user/register-user.dto.js';
import { RegisterUserHandler } from '../commands/register-user/register-user.handler.js';
import { UserExistsHandler } from '../queries/user-exists/user-exists.handler.js';
import { Clock } from '../../shared/clock.js';
import { rateLimited } from '../../shared/errors.js';
import { requestMeta } from '../../shared/http.js';
import { LocalRateLimit } from '../../shared/local-rate-limit.js';
import { clientNetwork } from '../../sessions/domain/client-network.js';

@ApiTags('auth')
// A stale access token left in the browser must not block signing in, refreshing, signing out or registering.
@IgnoreInvalidToken()
@Controller('auth')
export class RegistrationHttpController {
  /**
   * Both calls tell whether an account exists (`{ exist }`, or `existing_user` from a registration), so they share one
   * budget: at most 60 calls a minute per address (IPv6: per /64), per instance. Registering cannot bypass the check's limit.
   */
  private readonly existLimit = new LocalRateLimit(60, 60_000);

  constructor(
    private readonly register: RegisterUserHandler,
    private readonly exists: UserExistsHandler,
    private readonly clock: Clock,
  ) {}

  /** spec 2 §3 registration: `{ code, can_skip_pin, username, message }`. */
  @Post('register')
  @HttpCode(201)
  @ApiAnswer(RegistrationResponseSchema, { status: 201, errors: [400, 409, 422, 429] })
  registerUser(@Body() dto: RegisterUserDto, @Req() req: FastifyRequest): Promise<RegistrationResponse> {
    const meta = requestMeta(req);
    this.checkLimit(meta.ip, 'registrations');
    return this.register.execute(dto, meta);
  }

  /** spec 2 §7 `POST auth /users/exist` -> `{ exist }`. */
  @Post('users/exist')
  @HttpCode(200)
  @ApiAnswer(UserExistsResponseSchema, { errors: [400, 429] })
  userExists(@Body() dto: UserExistsDto, @Req() req: FastifyRequest): Promise<UserExistsResponse> {
    this.checkLimit(requestMeta(req).ip, 'checks');
    return this.exists.execute(dto);
  }

  private checkLimit(ip: string, what: string): void {
    const wait = this.existLimit.hit(clientNetwork(ip), this.clock.now().getTime());
    if (wait > 0) throw rateLimited(`Too many ${what} from this address; try again in a moment`, wait);
  }
}
