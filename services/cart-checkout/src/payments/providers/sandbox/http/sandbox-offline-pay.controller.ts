import { Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatMinorUnits, type PaymentMethod } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiTags, DomainError } from '@vitrina/platform';
import { SANDBOX_PUBLIC_PREFIX, type SandboxPaymentRecord } from '../domain/sandbox-payment.js';
import { SandboxShopperActions, type OfflineMethod } from '../sandbox-shopper.actions.js';
import { SandboxOfflinePaymentSchema, type SandboxOfflinePayment } from './sandbox.schemas.js';

const PAGES: Record<OfflineMethod, string> = { cash: 'vouchers', spei: 'transfers' };

function offlineView(row: SandboxPaymentRecord): SandboxOfflinePayment {
  return {
    id: row.id,
    method: row.method as PaymentMethod,
    status: row.status as SandboxOfflinePayment['status'],
    reference: row.reference ?? '',
    amount_minor: row.amountMinor,
    amount: formatMinorUnits(row.amountMinor),
    currency: row.currency,
    expires_at: (row.expiresAt ?? new Date(0)).toISOString(),
    charge_id: row.chargeId,
  };
}

const wantsJson = (req: FastifyRequest): boolean => /application\/json/i.test(String(req.headers.accept ?? ''));

/**
 * Paying a cash voucher or an SPEI transfer in the sandbox (issue 12): what the store's till or the shopper's bank
 * would tell the provider. The voucher and transfer pages post here (and are sent back to the page, 303); a caller
 * asking for JSON gets the payment's state, or the refusal.
 */
@ApiTags('payments: sandbox')
@Controller('payments/sandbox')
export class SandboxOfflinePayController {
  constructor(private readonly shopper: SandboxShopperActions) {}

  @Post('vouchers/:reference/pay')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Marks a sandbox cash voucher paid at the store (its 14-digit reference): succeeded, or 409 payment_expired past its ' +
      'deadline; already paid is a no-op. Without accept: application/json, 303 back to the voucher page',
  })
  @ApiAnswer(SandboxOfflinePaymentSchema, { errors: [404, 409] })
  payVoucher(
    @Param('reference') reference: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<SandboxOfflinePayment> {
    return this.pay('cash', reference, req, reply);
  }

  @Post('transfers/:reference/pay')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Marks a sandbox SPEI transfer received (its CLABE): succeeded, or 409 payment_expired past its deadline; already ' +
      'paid is a no-op. Without accept: application/json, 303 back to the transfer page',
  })
  @ApiAnswer(SandboxOfflinePaymentSchema, { errors: [404, 409] })
  payTransfer(
    @Param('reference') reference: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<SandboxOfflinePayment> {
    return this.pay('spei', reference, req, reply);
  }

  /** The answer is sent here (JSON or a redirect) and also returned, so the answer check sees what the contract says. */
  private async pay(method: OfflineMethod, reference: string, req: FastifyRequest, reply: FastifyReply): Promise<SandboxOfflinePayment> {
    const json = wantsJson(req);
    let row: SandboxPaymentRecord;
    try {
      row = (await this.shopper.payOffline(method, reference)).entry.row;
    } catch (err) {
      // a browser goes back to the page, which shows the voucher expired; a JSON caller gets the refusal
      if (json || !(err instanceof DomainError) || err.status !== 409) throw err;
      row = (await this.shopper.offline(method, reference)).row;
    }
    const body = offlineView(row);
    if (json) void reply.code(200).send(body);
    else
      void reply
        .code(303)
        .header('location', `${SANDBOX_PUBLIC_PREFIX}/${PAGES[method]}/${encodeURIComponent(reference)}`)
        .send();
    return body;
  }
}
