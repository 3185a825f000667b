import { Module } from '@nestjs/common';
import { RETURN_INFO_SOURCE, returnInfoFromEnv } from './catalogue-return-info.js';
import { AnnotateReturnHandler } from './commands/annotate-return.handler.js';
import { CloseReturnHandler } from './commands/close-return.handler.js';
import { IssueReturnLabelHandler } from './commands/issue-return-label.handler.js';
import { OpenReturnHandler } from './commands/open-return.handler.js';
import { RefundReturnHandler } from './commands/refund-return.handler.js';
import { RefundUpdatedConsumer } from './events/refund-updated.consumer.js';
import {
  CustomerReturnsController,
  CustomerWalletChoiceController,
  DssupplierReturnsController,
  SupplierReturnsController,
} from './http/returns.controller.js';
import { ReturnAccess } from './queries/return-access.js';
import { ReturnQueries } from './queries/return.queries.js';
import { ReturnTerms } from './queries/return-terms.js';
import { ReturnView } from './queries/return.view.js';

/**
 * Returns and refunds (issue 14; spec 3 §3 'Return request', 'Refund', §4 'Returns'): the customer's request within
 * the window, the seller's notes, refunds up to the amount available and closing, the customer's wallet choice, and
 * the refunds' outcomes from cart-checkout. Mounted by OrdersModule; shares OrdersCoreModule's providers.
 */
@Module({
  controllers: [
    CustomerReturnsController,
    CustomerWalletChoiceController,
    SupplierReturnsController,
    DssupplierReturnsController,
    RefundUpdatedConsumer,
  ],
  providers: [
    { provide: RETURN_INFO_SOURCE, useFactory: () => returnInfoFromEnv() },
    ReturnAccess,
    ReturnView,
    ReturnTerms,
    ReturnQueries,
    OpenReturnHandler,
    AnnotateReturnHandler,
    RefundReturnHandler,
    CloseReturnHandler,
    IssueReturnLabelHandler,
  ],
})
export class ReturnsModule {}
