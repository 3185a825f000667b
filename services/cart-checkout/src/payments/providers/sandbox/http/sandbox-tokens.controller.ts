import { Body, Controller, Post } from '@nestjs/common';
import { CardTokenSchema, type CardToken } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiTags } from '@vitrina/platform';
import { SandboxShopperActions } from '../sandbox-shopper.actions.js';
import { CreateCardTokenDto } from './sandbox.dto.js';

/** The sandbox's card tokeniser (issue 12): public, as a provider's client-side tokeniser is. */
@ApiTags('payments: sandbox')
@Controller('payments/sandbox')
export class SandboxTokensController {
  constructor(private readonly shopper: SandboxShopperActions) {}

  @Post('tokens')
  @ApiOperation({
    summary:
      "The sandbox provider's card tokeniser (no sign-in): answers a single-use token for the card; the number and cvv are " +
      'never stored. The test cards (SANDBOX_TEST_CARDS) approve, decline, ask for 3-D Secure or are debit cards; any other ' +
      'Luhn-valid number approves',
  })
  @ApiAnswer(CardTokenSchema, { status: 201, errors: [400] })
  create(@Body() body: CreateCardTokenDto): Promise<CardToken> {
    return this.shopper.tokenise(body);
  }
}
