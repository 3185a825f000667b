import { SetMetadata } from '@nestjs/common';

/**
 * @nestjs/swagger's `ApiExcludeController()`, by the metadata key its explorer reads: cart-checkout does not depend on
 * @nestjs/swagger and @vitrina/platform re-exports only part of it. The sandbox spec checks the pages stay out of
 * the OpenAPI, so a change of that key fails a test.
 */
export const ApiExcludeController = (): ClassDecorator => SetMetadata('swagger/apiExcludeController', [true]);
