import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PaymentErrorCodes, REDIRECT_METHODS } from '@vitrina/contracts';
import { ApiExcludeController, NotFoundError } from '@vitrina/platform';
import { SandboxShopperActions } from '../sandbox-shopper.actions.js';
import type { SandboxEntry } from '../sandbox.books.js';
import { SANDBOX_PAGE_CSP, approvalPage, threeDsPage, transferPage, voucherPage } from './sandbox-pages.html.js';
import { ApprovalDecisionDto, ThreeDsDecisionDto } from './sandbox.dto.js';

function html(reply: FastifyReply, page: string): void {
  void reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', SANDBOX_PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(page);
}

function redirect(reply: FastifyReply, url: string): void {
  void reply.code(303).header('location', url).header('cache-control', 'no-store').send();
}

const notFound = () => new NotFoundError('No such sandbox payment', PaymentErrorCodes.paymentNotFound);

function only(entry: SandboxEntry, methods: readonly string[]): SandboxEntry {
  if (!methods.includes(entry.row.method)) throw notFound();
  return entry;
}

/**
 * The sandbox's browser pages (issue 12): the 3-D Secure challenge, the approval page of the redirect methods, the
 * cash voucher and the bank transfer. HTML for people, so not in the OpenAPI; the forms post back here and are sent
 * on (303) to the shop's return or cancel URL.
 */
@ApiExcludeController()
@Controller('payments/sandbox')
export class SandboxPagesController {
  constructor(private readonly shopper: SandboxShopperActions) {}

  @Get('3ds/:id')
  async threeDs(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    html(reply, threeDsPage(only(await this.shopper.payment(id), ['card'])));
  }

  @Post('3ds/:id')
  async authenticate(@Param('id') id: string, @Body() body: ThreeDsDecisionDto, @Res() reply: FastifyReply): Promise<void> {
    only(await this.shopper.payment(id), ['card']);
    const { row } = await this.shopper.authenticate(id, body.result === 'approve');
    redirect(reply, row.returnUrl);
  }

  @Get('approve/:id')
  async approval(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    html(reply, approvalPage(only(await this.shopper.payment(id), REDIRECT_METHODS)));
  }

  @Post('approve/:id')
  async decide(@Param('id') id: string, @Body() body: ApprovalDecisionDto, @Res() reply: FastifyReply): Promise<void> {
    only(await this.shopper.payment(id), REDIRECT_METHODS);
    const { row } = await this.shopper.decide(id, body.result === 'approve');
    redirect(reply, row.status === 'canceled' ? row.cancelUrl : row.returnUrl);
  }

  @Get('vouchers/:reference')
  async voucher(@Param('reference') reference: string, @Res() reply: FastifyReply): Promise<void> {
    html(reply, voucherPage(await this.shopper.offline('cash', reference)));
  }

  @Get('transfers/:reference')
  async transfer(@Param('reference') reference: string, @Res() reply: FastifyReply): Promise<void> {
    html(reply, transferPage(await this.shopper.offline('spei', reference)));
  }
}
