import { Injectable } from '@nestjs/common';
import type { UserExistsResponse } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';
import { loginIdentifier } from '../../../users/domain/contact.js';
import { UsersRepository } from '../../../users/users.repository.js';
import type { UserExistsDto } from '../../commands/register-user/register-user.dto.js';

/**
 * spec 2 §5, §7: the availability check on blur. Only active accounts exist: registering with the contact data
 * of a pending registration takes it over, so the form must not stop the user.
 */
@Injectable()
export class UserExistsHandler {
  constructor(private readonly users: UsersRepository) {}

  async execute(dto: UserExistsDto): Promise<UserExistsResponse> {
    const id = loginIdentifier({
      ...(dto.phone ? { phone: dto.phone } : dto.username !== undefined ? { username: dto.username } : {}),
      ...(dto.country ? { country: dto.country } : {}),
      ...(dto.country_code ? { country_code: dto.country_code } : {}),
    });
    if (!id)
      throw new ValidationError('username: must be an e-mail or a phone number', { username: ['must be an e-mail or a phone number'] });
    const user = await this.users.byIdentifier(id);
    return { exist: user?.status === 'active' };
  }
}
