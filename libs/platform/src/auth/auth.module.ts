import {
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OptionalFactoryDependency,
  type Provider,
  type Type,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { OwnershipResolver, StrictOwnership } from './ownership.js';
import { TokenVerifier } from './tokens.js';

export interface AuthModuleOptions {
  verifier: TokenVerifier;
  /** Who may act on `{owner}:...` paths. A class is instantiated by Nest (so it can inject, e.g., a repository). */
  ownership?: OwnershipResolver | Type<OwnershipResolver>;
}

export interface AuthModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  // Nest's FactoryProvider signature: the injected values arrive untyped, and `unknown[]` would refuse typed factories.
  // oxlint-disable-next-line typescript/no-explicit-any
  useFactory: (...args: any[]) => AuthModuleResolved | Promise<AuthModuleResolved>;
}

type AuthModuleResolved = Omit<AuthModuleOptions, 'ownership'> & { ownership?: OwnershipResolver };

const AUTH_MODULE_OPTIONS = Symbol('AUTH_MODULE_OPTIONS');

/**
 * Registers AuthGuard as a global guard (APP_GUARD) and makes TokenVerifier and OwnershipResolver injectable
 * everywhere. Import it once per Nest application, in the service's root module:
 *
 *   const keys = await loadAuthKeysFromConfig(config);
 *   AuthModule.forRoot({ verifier: tokenVerifierFromConfig(keys, config) })
 *
 * Importing it twice in one application would run the guard twice (harmless, wasteful) and make the
 * OwnershipResolver ambiguous.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    const ownership: Provider =
      typeof options.ownership === 'function'
        ? { provide: OwnershipResolver, useClass: options.ownership }
        : { provide: OwnershipResolver, useValue: options.ownership ?? new StrictOwnership() };
    return AuthModule.build([{ provide: TokenVerifier, useValue: options.verifier }, ownership]);
  }

  /** When the verifier needs other providers (configuration, keys) to be built. */
  static forRootAsync(options: AuthModuleAsyncOptions): DynamicModule {
    return AuthModule.build(
      [
        { provide: AUTH_MODULE_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        { provide: TokenVerifier, useFactory: (o: AuthModuleOptions) => o.verifier, inject: [AUTH_MODULE_OPTIONS] },
        {
          provide: OwnershipResolver,
          useFactory: (o: { ownership?: OwnershipResolver }) => o.ownership ?? new StrictOwnership(),
          inject: [AUTH_MODULE_OPTIONS],
        },
      ],
      options.imports,
    );
  }

  private static build(providers: Provider[], imports: ModuleMetadata['imports'] = []): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      imports,
      providers: [...providers, AuthGuard, { provide: APP_GUARD, useExisting: AuthGuard }],
      exports: [TokenVerifier, OwnershipResolver, AuthGuard],
    };
  }
}
