import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CheckoutAddressListSchema, CheckoutAddressSchema, type CheckoutAddress, type CheckoutAddressList } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, Authenticated, type AuthUser, CurrentUser, listResponse } from '@vitrina/platform';
import { AddressRepository } from '../address.repository.js';
import { AddressDto } from './address.dto.js';

/** The signed-in shopper's saved delivery addresses (spec 3 §3 'Address'). */
@ApiTags('checkout: addresses')
@ApiRefusals(400)
@Authenticated()
@Controller('checkout')
export class AddressesController {
  constructor(private readonly addresses: AddressRepository) {}

  @Get('addresses')
  @ApiOperation({ summary: 'My saved addresses, oldest first' })
  @ApiAnswer(CheckoutAddressListSchema)
  async list(@CurrentUser() user: AuthUser): Promise<CheckoutAddressList> {
    const results = await this.addresses.list(user.id);
    return listResponse(results, results.length);
  }

  @Post('addresses')
  @ApiOperation({ summary: 'Save an address (Mexican state, 5-digit postal code, 10-digit phone)' })
  @ApiAnswer(CheckoutAddressSchema, { status: 201, errors: [409] })
  create(@CurrentUser() user: AuthUser, @Body() body: AddressDto): Promise<CheckoutAddress> {
    return this.addresses.create(user.id, body);
  }

  @Put('addresses/:address_id')
  @ApiOperation({ summary: 'Replace one of my addresses' })
  @ApiAnswer(CheckoutAddressSchema, { errors: [404] })
  replace(@CurrentUser() user: AuthUser, @Param('address_id') id: string, @Body() body: AddressDto): Promise<CheckoutAddress> {
    return this.addresses.replace(user.id, id, body);
  }

  @Delete('addresses/:address_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one of my addresses (checkouts keep their copy)' })
  @ApiAnswer(null, { status: 204, errors: [404] })
  async remove(@CurrentUser() user: AuthUser, @Param('address_id') id: string): Promise<void> {
    await this.addresses.remove(user.id, id);
  }
}
