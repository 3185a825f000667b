import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import {
  CollaboratorAccess,
  CashoutListSchema,
  CashoutSchema,
  WalletHistorySchema,
  WalletLimits,
  WalletListSchema,
  WalletMovementListSchema,
  WalletSchema,
  type Cashout,
  type CashoutList,
  type Wallet,
  type WalletHistory,
  type WalletList,
  type WalletMovementList,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, Idempotent, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { WalletsService } from '../wallets.service.js';
import { CashoutRequestDto, HistoryQueryDto, MovementsQueryDto } from './wallets.dto.js';

/**
 * The signed-in user's wallets (spec 2 §3 'Wallet', issue 14), `/accounts/{me}:{me}/wallets...`. @OwnerPath refuses
 * (401/403) anyone but the owner. A cash-out is an Idempotency-Key write.
 */
@ApiTags('accounts')
@ApiRefusals(400)
@Controller('accounts')
@OwnerPath('me')
export class WalletsHttpController {
  constructor(private readonly wallets: WalletsService) {}

  @OwnerPath('me', { collaborators: CollaboratorAccess.walletRead })
  @Get(':me/wallets')
  @ApiOperation({ summary: "The user's wallets, one per wallet type (currency); none yet: a zero 'mxn' wallet" })
  @ApiAnswer(WalletListSchema)
  list(@PathOwner() me: OwnerRef): Promise<WalletList> {
    return this.wallets.list(me.ownerId);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.walletRead })
  @Get(':me/wallets/:walletTypeId')
  @ApiOperation({ summary: 'One wallet: balance, available for cash-out, held funds, next cut-off' })
  @ApiAnswer(WalletSchema)
  get(@PathOwner() me: OwnerRef, @Param('walletTypeId') walletTypeId: string): Promise<Wallet> {
    return this.wallets.get(me.ownerId, walletTypeId);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.walletRead })
  @Get(':me/wallets/:walletTypeId/movements')
  @ApiOperation({ summary: "The wallet's movements, newest first" })
  @ApiAnswer(WalletMovementListSchema)
  movements(
    @PathOwner() me: OwnerRef,
    @Param('walletTypeId') walletTypeId: string,
    @Query() q: MovementsQueryDto,
  ): Promise<WalletMovementList> {
    return this.wallets.movements(me.ownerId, walletTypeId, q.offset ?? 0, q.limit ?? WalletLimits.movementsPageSize);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.walletRead })
  @Get(':me/wallets/:walletTypeId/history')
  @ApiOperation({ summary: 'The closing balance of each day with movements, oldest first (the chart)' })
  @ApiAnswer(WalletHistorySchema)
  history(@PathOwner() me: OwnerRef, @Param('walletTypeId') walletTypeId: string, @Query() q: HistoryQueryDto): Promise<WalletHistory> {
    return this.wallets.history(me.ownerId, walletTypeId, q.days ?? WalletLimits.historyDaysDefault);
  }

  @OwnerPath('me', { collaborators: CollaboratorAccess.walletRead })
  @Get(':me/wallets/:walletTypeId/cashouts')
  @ApiOperation({ summary: "The wallet's cash-out requests, newest first" })
  @ApiAnswer(CashoutListSchema)
  cashouts(@PathOwner() me: OwnerRef, @Param('walletTypeId') walletTypeId: string, @Query() q: MovementsQueryDto): Promise<CashoutList> {
    return this.wallets.cashouts(me.ownerId, walletTypeId, q.offset ?? 0, q.limit ?? WalletLimits.movementsPageSize);
  }

  @Post(':me/wallets/:walletTypeId/cashouts')
  @Idempotent()
  @ApiOperation({ summary: 'Request a cash-out to a CLABE: it leaves the wallet until an operator pays or rejects it' })
  @ApiAnswer(CashoutSchema, { status: 201, errors: [422] })
  cashout(@PathOwner() me: OwnerRef, @Param('walletTypeId') walletTypeId: string, @Body() body: CashoutRequestDto): Promise<Cashout> {
    return this.wallets.requestCashout(me.ownerId, walletTypeId, body.amount_minor, body.clabe);
  }
}
