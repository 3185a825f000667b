import { fileURLToPath } from 'node:url';
import { Module, type Type } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CONFIG, PlatformModule, type PlatformConfig, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { ACCOUNTS_CONFIG, loadAccountsConfig, type AccountsConfig } from './config/accounts-config.js';
import { Clock, SystemClock } from './shared/clock.js';
import { RetryAfterInterceptor } from './shared/http.js';
import { RateCounter } from './shared/rate-counter.js';
import { CodeHasher } from './shared/secrets.js';
import { UsersRepository } from './users/users.repository.js';
import { OneTimeCodes } from './codes/one-time-codes.js';
import { RegisterUserHandler } from './registration/commands/register-user/register-user.handler.js';
import { UserExistsHandler } from './registration/queries/user-exists/user-exists.handler.js';
import { RegistrationHttpController } from './registration/http/registration.http.controller.js';
import { AccountActivation } from './activation/account-activation.js';
import { ActivateWithPinHandler } from './activation/commands/activate-with-pin/activate-with-pin.handler.js';
import { ResendPinHandler } from './activation/commands/resend-pin/resend-pin.handler.js';
import { ActivateWithLinkHandler } from './activation/commands/activate-with-link/activate-with-link.handler.js';
import { ResendActivationHandler } from './activation/commands/resend-activation/resend-activation.handler.js';
import { ActivationHttpController } from './activation/http/activation.http.controller.js';
import { RequestPasswordResetHandler } from './password-reset/commands/request-password-reset/request-password-reset.handler.js';
import { ResetPasswordHandler } from './password-reset/commands/reset-password/reset-password.handler.js';
import { PasswordResetHttpController } from './password-reset/http/password-reset.http.controller.js';
import { PasswordHasher } from './sessions/password-hasher.js';
import { Sessions } from './sessions/sessions.js';
import { SignInThrottles } from './sessions/sign-in-throttles.js';
import { TrustedDevices } from './sessions/trusted-devices.js';
import { SignInHandler } from './sessions/commands/sign-in/sign-in.handler.js';
import { RefreshSessionHandler } from './sessions/commands/refresh-session/refresh-session.handler.js';
import { SignOutHandler } from './sessions/commands/sign-out/sign-out.handler.js';
import { SessionsHttpController } from './sessions/http/sessions.http.controller.js';
import { GetAdminProfileHandler } from './profiles/queries/get-admin-profile/get-admin-profile.handler.js';
import { GetPublicProfilesHandler } from './profiles/queries/get-public-profiles/get-public-profiles.handler.js';
import { ListPublicProfilesHandler } from './profiles/queries/list-public-profiles/list-public-profiles.handler.js';
import { UpdateProfileHandler } from './profiles/commands/update-profile/update-profile.handler.js';
import { RecordHeartbeatHandler } from './profiles/commands/record-heartbeat/record-heartbeat.handler.js';
import { ProfileAdminHttpController } from './profiles/http/profile-admin.http.controller.js';
import { ProfileListPublicHttpController, ProfilePublicHttpController } from './profiles/http/profile-public.http.controller.js';
import { FollowUserHandler } from './follows/commands/follow-user/follow-user.handler.js';
import { SubscriptionPublicHttpController } from './follows/http/subscription-public.http.controller.js';
import { SetTourHandler } from './setup-tour/commands/set-tour/set-tour.handler.js';
import { SetupAppsHttpController } from './setup-tour/http/setup-apps.http.controller.js';
import { GraphHttpController } from './menu/http/graph.http.controller.js';
import { StoreShopConsumer } from './shops/events/store-shop.consumer.js';
import { ShopsRepository } from './shops/shops.repository.js';
import { DemoUsersSeeder } from './demo/demo-users.seeder.js';
import { PruneExpiredDataJob } from './housekeeping/jobs/prune-expired-data.job.js';
import { walletsControllers, walletsProviders } from './wallets/wallets.module.js';
import { CollaboratorsHttpController } from './collaborators/collaborators.http.controller.js';
import { CollaboratorsService } from './collaborators/collaborators.service.js';
import { membershipsControllers, membershipsProviders } from './memberships/memberships.module.js';
import { InternalSuppliersHttpController, SuppliersHttpController } from './suppliers/suppliers.http.controller.js';
import { SuppliersService } from './suppliers/suppliers.service.js';

export interface AccountsOptions {
  /** The time every rule reads; tests pass a ManualClock. */
  clock?: Clock;
  /** Variables read instead of process.env's (tests). */
  env?: Record<string, string | undefined>;
}

/**
 * Registration, PIN, sign-in and tokens, profiles, levels, follow, wallets (the ledger).
 * Composition root of the accounts service, mounted by its own process (main.ts) and by the embedded launcher.
 */
export function createAccountsModule(options: AccountsOptions = {}): Type<unknown> {
  @Module({
    imports: [
      PlatformModule.forService({
        name: 'accounts',
        schema,
        tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
        migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
      }),
    ],
    controllers: [
      RegistrationHttpController,
      ActivationHttpController,
      PasswordResetHttpController,
      SessionsHttpController,
      ProfileAdminHttpController,
      ProfilePublicHttpController,
      ProfileListPublicHttpController,
      SubscriptionPublicHttpController,
      SetupAppsHttpController,
      GraphHttpController,
      StoreShopConsumer,
      ...walletsControllers,
      CollaboratorsHttpController,
      ...membershipsControllers,
      SuppliersHttpController,
      InternalSuppliersHttpController,
    ],
    providers: [
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      {
        provide: ACCOUNTS_CONFIG,
        inject: [CONFIG],
        // NODE_ENV and DATA_DIR are the runtime's, so the generated PIN secret sits beside the generated auth keys.
        useFactory: (platform: PlatformConfig): Promise<AccountsConfig> =>
          loadAccountsConfig({ ...process.env, ...options.env, NODE_ENV: platform.NODE_ENV, DATA_DIR: platform.DATA_DIR }),
      },
      { provide: CodeHasher, inject: [ACCOUNTS_CONFIG], useFactory: (config: AccountsConfig) => new CodeHasher(config.pinSecret) },
      { provide: APP_INTERCEPTOR, useClass: RetryAfterInterceptor },
      RateCounter,
      PruneExpiredDataJob,
      UsersRepository,
      ShopsRepository,
      OneTimeCodes,
      PasswordHasher,
      Sessions,
      SignInThrottles,
      TrustedDevices,
      AccountActivation,
      RegisterUserHandler,
      UserExistsHandler,
      ActivateWithPinHandler,
      ResendPinHandler,
      ActivateWithLinkHandler,
      ResendActivationHandler,
      RequestPasswordResetHandler,
      ResetPasswordHandler,
      SignInHandler,
      RefreshSessionHandler,
      SignOutHandler,
      GetAdminProfileHandler,
      GetPublicProfilesHandler,
      ListPublicProfilesHandler,
      UpdateProfileHandler,
      RecordHeartbeatHandler,
      FollowUserHandler,
      SetTourHandler,
      DemoUsersSeeder,
      ...walletsProviders(options.env),
      CollaboratorsService,
      ...membershipsProviders(options.env),
      SuppliersService,
    ],
  })
  class AccountsModule {}
  return AccountsModule;
}

export const AccountsModule = createAccountsModule();

export const accountsService: ServiceDefinition = { name: 'accounts', module: AccountsModule, title: 'Vitrina accounts' };

/** The service with options (tests: a ManualClock, variables). */
export function createAccountsService(options: AccountsOptions): ServiceDefinition {
  return { name: 'accounts', module: createAccountsModule(options), title: 'Vitrina accounts' };
}

export { ManualClock, Clock } from './shared/clock.js';
