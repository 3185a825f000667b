import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountsMessageSchema, AuthResultSchema, REFRESH_TOKEN_COOKIE, type AuthResult, type MessageResponse } from '@vitrina/contracts';
import { ApiAnswer, CurrentUser, type AuthUser, IgnoreInvalidToken } from '@vitrina/platform';
import { readCookie, requestMeta, setCookies } from '../../shared/http.js';
import { RefreshSessionHandler } from '../commands/refresh-session/refresh-session.handler.js';
import { SignInDto, SignInHandler } from '../commands/sign-in/sign-in.handler.js';
import { SignOutHandler } from '../commands/sign-out/sign-out.handler.js';
import { Sessions } from '../sessions.js';
import { DEVICE_COOKIE, TrustedDevices } from '../trusted-devices.js';

@ApiTags('auth')
// A stale access token left in the browser must not block signing in, refreshing, signing out or registering.
@IgnoreInvalidToken()
@Controller('auth')
export class SessionsHttpController {
  constructor(
    private readonly signIn: SignInHandler,
    private readonly refresh: RefreshSessionHandler,
    private readonly signOut: SignOutHandler,
    private readonly sessions: Sessions,
    private readonly devices: TrustedDevices,
  ) {}

  /**
   * Sign-in: the auth result (spec 2 §3) with the access token; the refresh token only in its httpOnly cookie, and
   * the device cookie that gives this browser its own failure budget next time.
   */
  @Post('login')
  @HttpCode(200)
  @ApiAnswer(AuthResultSchema, { errors: [400, 401, 403, 429] })
  async login(@Body() dto: SignInDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResult> {
    const meta = requestMeta(req);
    const result = await this.signIn.execute(dto, meta, readCookie(req, DEVICE_COOKIE));
    setCookies(reply, [
      ...this.sessions.cookies(result.auth, result.refreshToken, meta.secure),
      this.devices.cookie(result.deviceToken, meta.secure),
    ]);
    return result.auth;
  }

  /** Rotates the refresh cookie and answers a fresh access token. */
  @Post('refresh')
  @HttpCode(200)
  @ApiAnswer(AuthResultSchema, { errors: [401] })
  async rotate(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResult> {
    const secure = requestMeta(req).secure;
    try {
      const result = await this.refresh.execute(readCookie(req, REFRESH_TOKEN_COOKIE));
      setCookies(reply, this.sessions.cookies(result.auth, result.refreshToken, secure));
      return result.auth;
    } catch (err) {
      setCookies(reply, this.sessions.clearCookies(secure));
      throw err;
    }
  }

  /** Ends the session (spec 2 §2 `/logout?next=...` calls this) and clears the cookies. */
  @Post('logout')
  @HttpCode(200)
  @ApiAnswer(AccountsMessageSchema)
  async logout(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser() user?: AuthUser,
  ): Promise<MessageResponse> {
    await this.signOut.execute(readCookie(req, REFRESH_TOKEN_COOKIE), user?.sessionId);
    setCookies(reply, this.sessions.clearCookies(requestMeta(req).secure));
    return { message: 'Signed out' };
  }
}
