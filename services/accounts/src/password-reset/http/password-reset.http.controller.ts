import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiAnswer } from '@vitrina/platform';
import {
  ActivationResponseSchema,
  PasswordResetRequestedSchema,
  type ActivationResponse,
  type PasswordResetRequested,
} from '@vitrina/contracts';
import { activationResponse } from '../../activation/account-activation.js';
import { Sessions } from '../../sessions/sessions.js';
import { requestMeta, setCookies } from '../../shared/http.js';
import { RequestPasswordResetDto, RequestPasswordResetHandler } from '../commands/request-password-reset/request-password-reset.handler.js';
import { ResetPasswordDto, ResetPasswordHandler } from '../commands/reset-password/reset-password.handler.js';

/** spec 2 §2 `/password/reset/`: a code by e-mail or SMS, then a new password. */
@ApiTags('auth')
@Controller('auth/password/reset')
export class PasswordResetHttpController {
  constructor(
    private readonly request: RequestPasswordResetHandler,
    private readonly reset: ResetPasswordHandler,
    private readonly sessions: Sessions,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiAnswer(PasswordResetRequestedSchema, { errors: [400, 429] })
  requestReset(@Body() dto: RequestPasswordResetDto, @Req() req: FastifyRequest): Promise<PasswordResetRequested> {
    return this.request.execute(dto, requestMeta(req));
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiAnswer(ActivationResponseSchema, { errors: [400, 429] })
  async confirm(
    @Body() dto: ResetPasswordDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActivationResponse> {
    const meta = requestMeta(req);
    const result = await this.reset.execute(dto, meta);
    setCookies(reply, this.sessions.cookies(result.auth, result.refreshToken, meta.secure));
    return activationResponse(result.auth, result.locale, 'password_reset');
  }
}
