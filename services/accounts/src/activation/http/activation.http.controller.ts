import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiAnswer } from '@vitrina/platform';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AccountsMessageSchema,
  ActivationKeyStatusSchema,
  ActivationResponseSchema,
  RegistrationResponseSchema,
  type ActivationKeyStatus,
  type ActivationResponse,
  type MessageResponse,
  type RegistrationResponse,
} from '@vitrina/contracts';
import { Sessions } from '../../sessions/sessions.js';
import { requestMeta, setCookies } from '../../shared/http.js';
import { activationResponse } from '../account-activation.js';
import { ActivateWithLinkHandler } from '../commands/activate-with-link/activate-with-link.handler.js';
import { ActivateWithPinDto, ResendPinDto } from '../commands/activate-with-pin/activate-with-pin.dto.js';
import { ActivateWithPinHandler, type SignedIn } from '../commands/activate-with-pin/activate-with-pin.handler.js';
import { ResendActivationDto, ResendActivationHandler } from '../commands/resend-activation/resend-activation.handler.js';
import { ResendPinHandler } from '../commands/resend-pin/resend-pin.handler.js';

@ApiTags('auth')
@Controller('auth/activate')
export class ActivationHttpController {
  constructor(
    private readonly withPin: ActivateWithPinHandler,
    private readonly resendPin: ResendPinHandler,
    private readonly withLink: ActivateWithLinkHandler,
    private readonly resendActivation: ResendActivationHandler,
    private readonly sessions: Sessions,
  ) {}

  /** spec 2 §3 `POST /activate/pin/`: activates and signs in (notification + SET_AUTH actions, session cookies). */
  @Post('pin')
  @HttpCode(200)
  @ApiAnswer(ActivationResponseSchema, { errors: [400, 401, 404, 409, 429] })
  async activateWithPin(
    @Body() dto: ActivateWithPinDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActivationResponse> {
    return this.signedIn(await this.withPin.execute(dto, requestMeta(req)), req, reply);
  }

  /** Resend PIN, edit e-mail/phone, or switch channel in the PIN step: always a new code. */
  @Post('pin/resend')
  @HttpCode(200)
  @ApiAnswer(RegistrationResponseSchema, { errors: [400, 404, 422, 429] })
  resend(@Body() dto: ResendPinDto, @Req() req: FastifyRequest): Promise<RegistrationResponse> {
    return this.resendPin.execute(dto, requestMeta(req));
  }

  /** spec 2 §7 activation resend: `{ username, activation_url }`; 503 email_server_failure when the message cannot be sent now. */
  @Post('resend')
  @HttpCode(200)
  @ApiAnswer(AccountsMessageSchema, { errors: [400, 404, 409, 429, 503] })
  resendActivationMessage(@Body() dto: ResendActivationDto, @Req() req: FastifyRequest): Promise<MessageResponse> {
    return this.resendActivation.execute(dto, requestMeta(req));
  }

  /** spec 2 §2 `/activate/{key}`: whether the link still works (changes nothing). */
  @Get(':key')
  @ApiAnswer(ActivationKeyStatusSchema)
  linkStatus(@Param('key') key: string): Promise<ActivationKeyStatus> {
    return this.withLink.status(key);
  }

  /** Activates with the link and signs in. */
  @Post(':key')
  @HttpCode(200)
  @ApiAnswer(ActivationResponseSchema, { errors: [400, 409] })
  async activateWithLink(
    @Param('key') key: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ActivationResponse> {
    return this.signedIn(await this.withLink.activate(key, requestMeta(req)), req, reply);
  }

  private signedIn(result: SignedIn, req: FastifyRequest, reply: FastifyReply): ActivationResponse {
    setCookies(reply, this.sessions.cookies(result.auth, result.refreshToken, requestMeta(req).secure));
    return activationResponse(result.auth, result.locale);
  }
}
