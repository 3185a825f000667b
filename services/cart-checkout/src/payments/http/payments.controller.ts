import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  PaymentAttemptSchema,
  PaymentPageSchema,
  PaymentWebhookAnswerSchema,
  SavedCardListSchema,
  type PaymentAttempt,
  type PaymentPage,
  type SavedCardList,
} from '@vitrina/contracts';
import {
  ApiAnswer,
  ApiOperation,
  ApiRefusals,
  ApiTags,
  Authenticated,
  CurrentUser,
  Idempotent,
  rawBodyOf,
  type AuthUser,
} from '@vitrina/platform';
import { PaymentWebhooks } from '../payment-webhooks.js';
import { PaymentsService, type StartInput } from '../payments.service.js';
import { CardPaymentDto, OfflinePaymentDto, RedirectPaymentDto } from './payments.dto.js';

interface SiteRequest {
  protocol: string;
  host: string;
}

/** The public origin the shopper used (the gateway forwards it; trustProxy makes Fastify read it). */
const originOf = (req: SiteRequest): string | undefined =>
  /^[\w.-]+(:\d+)?$/.test(req.host) && (req.protocol === 'http' || req.protocol === 'https') ? `${req.protocol}://${req.host}` : undefined;

const redirect = (b: RedirectPaymentDto, req: SiteRequest): StartInput => ({
  returnPath: b.return_path,
  cancelPath: b.cancel_path,
  instalments: b.instalments ?? null,
  origin: originOf(req),
});
const START_ERRORS = [402, 404, 409, 410, 422, 503];

/**
 * Paying a ready checkout through its payment token (issue 12; spec 3 §4 steps 3-6, §7 'Payments'). Every start is
 * an Idempotency-Key write; a decline answers 402 with its code (spec 3 §8 'Payments').
 */
@ApiTags('payments')
@ApiRefusals(400)
@Authenticated()
@Controller('payment')
export class PaymentController {
  constructor(private readonly payments: PaymentsService) {}

  @Get(':token')
  @ApiOperation({ summary: 'The payment page: amount, enabled methods, MSI and deferred plans, saved cards, the newest attempt' })
  @ApiAnswer(PaymentPageSchema, { errors: [404] })
  page(@Param('token') token: string, @CurrentUser() user: AuthUser): Promise<PaymentPage> {
    return this.payments.page(token, user.id);
  }

  @Post(':token/order/card')
  @Idempotent()
  @ApiOperation({ summary: 'Pay by card (a tokenised card or a saved one; MSI optional): succeeded, or requires_action with url_3ds' })
  @ApiAnswer(PaymentAttemptSchema, { status: 201, errors: START_ERRORS })
  card(
    @Param('token') token: string,
    @Body() body: CardPaymentDto,
    @CurrentUser() user: AuthUser,
    @Req() req: SiteRequest,
  ): Promise<PaymentAttempt> {
    return this.payments.start(token, user.id, 'card', {
      sourceId: body.source_id,
      msiPayments: body.msi_payments ?? null,
      saveCard: body.save_card === true,
      ...(body.billing_details ? { billing: body.billing_details } : {}),
      returnPath: body.return_path,
      origin: originOf(req),
    });
  }

  @Post(':token/order/paypal')
  @Idempotent()
  @ApiOperation({ summary: 'Pay with PayPal: answers approval_url, where the browser goes to approve' })
  @ApiAnswer(PaymentAttemptSchema, { status: 201, errors: START_ERRORS })
  paypal(
    @Param('token') token: string,
    @Body() body: RedirectPaymentDto,
    @CurrentUser() user: AuthUser,
    @Req() req: SiteRequest,
  ): Promise<PaymentAttempt> {
    return this.payments.start(token, user.id, 'paypal', redirect(body, req));
  }

  @Post(':token/order/mobbex')
  @Idempotent()
  @ApiOperation({ summary: 'Pay with Mobbex: answers approval_url' })
  @ApiAnswer(PaymentAttemptSchema, { status: 201, errors: START_ERRORS })
  mobbex(
    @Param('token') token: string,
    @Body() body: RedirectPaymentDto,
    @CurrentUser() user: AuthUser,
    @Req() req: SiteRequest,
  ): Promise<PaymentAttempt> {
    return this.payments.start(token, user.id, 'mobbex', redirect(body, req));
  }

  @Post(':token/order/aplazo')
  @Idempotent()
  @ApiOperation({ summary: 'Pay later with Aplazo (a plan of monthly payments; the total rises with their number): answers approval_url' })
  @ApiAnswer(PaymentAttemptSchema, { status: 201, errors: START_ERRORS })
  aplazo(
    @Param('token') token: string,
    @Body() body: RedirectPaymentDto,
    @CurrentUser() user: AuthUser,
    @Req() req: SiteRequest,
  ): Promise<PaymentAttempt> {
    return this.payments.start(token, user.id, 'aplazo', redirect(body, req));
  }

  @Post(':token/order/cash')
  @Idempotent()
  @ApiOperation({ summary: 'Pay cash at a store: answers a voucher (reference, barcode, amount, expiry; 72 h by default)' })
  @ApiAnswer(PaymentAttemptSchema, { status: 201, errors: START_ERRORS })
  cash(@Param('token') token: string, @Body() _body: OfflinePaymentDto, @CurrentUser() user: AuthUser): Promise<PaymentAttempt> {
    return this.payments.start(token, user.id, 'cash', { returnPath: '/' });
  }

  @Post(':token/order/spei')
  @Idempotent()
  @ApiOperation({ summary: 'Pay by bank transfer (SPEI): answers the CLABE, reference and amount, valid 1 hour' })
  @ApiAnswer(PaymentAttemptSchema, { status: 201, errors: START_ERRORS })
  spei(@Param('token') token: string, @Body() _body: OfflinePaymentDto, @CurrentUser() user: AuthUser): Promise<PaymentAttempt> {
    return this.payments.start(token, user.id, 'spei', { returnPath: '/' });
  }

  @Get(':token/attempts/:attempt_id')
  @ApiOperation({ summary: 'One attempt of this payment (a pending voucher or transfer is polled here)' })
  @ApiAnswer(PaymentAttemptSchema, { errors: [404] })
  attempt(@Param('token') token: string, @Param('attempt_id') attemptId: string, @CurrentUser() user: AuthUser): Promise<PaymentAttempt> {
    return this.payments.attempt(token, user.id, attemptId);
  }

  @Post(':token/attempts/:attempt_id/return')
  @HttpCode(200)
  @ApiOperation({ summary: 'The browser is back from 3-D Secure or an approval page: the provider is asked and the attempt completed' })
  @ApiAnswer(PaymentAttemptSchema, { errors: [402, 404, 503] })
  returned(@Param('token') token: string, @Param('attempt_id') attemptId: string, @CurrentUser() user: AuthUser): Promise<PaymentAttempt> {
    return this.payments.returned(token, user.id, attemptId);
  }
}

/** Saved cards (spec 3 §2 'Saved cards list'): the signed-in shopper's own. */
@ApiTags('payments')
@Authenticated()
@Controller('payments/cards')
export class SavedCardsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get()
  @ApiOperation({ summary: 'My saved cards (masked number, name, credit/debit, brand, bank, last digits, expiry)' })
  @ApiAnswer(SavedCardListSchema)
  async list(@CurrentUser() user: AuthUser): Promise<SavedCardList> {
    return { results: await this.payments.cards(user.id) };
  }

  @Delete(':card_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Forget a saved card' })
  @ApiAnswer(null, { status: 204, errors: [404] })
  async remove(@Param('card_id') cardId: string, @CurrentUser() user: AuthUser): Promise<void> {
    await this.payments.deleteCard(user.id, cardId);
  }
}

/** Provider webhooks: verified with the provider's own method (401 otherwise), deduplicated by event id. */
@ApiTags('payments')
@Controller('payments/webhooks')
export class PaymentWebhooksController {
  constructor(private readonly webhooks: PaymentWebhooks) {}

  @Post(':provider')
  @HttpCode(200)
  @ApiOperation({ summary: 'A payment provider reports an event (sandbox, stripe, paypal)' })
  @ApiAnswer(PaymentWebhookAnswerSchema, { errors: [401, 404] })
  async receive(
    @Param('provider') provider: string,
    @Req() req: { headers: Record<string, string | string[] | undefined> },
  ): Promise<{ received: true }> {
    await this.webhooks.receive(provider, rawBodyOf(req), req.headers);
    return { received: true };
  }
}
