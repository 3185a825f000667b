import { z } from 'zod';

/**
 * `GET /catalogue/demo-photos/{key}`: a demo item's photo, JPEG bytes, not JSON. The handler answers a Buffer (a
 * Uint8Array); the OpenAPI describes it as a binary string.
 */
export const DemoPhotoSchema = z.instanceof(Uint8Array).meta({ type: 'string', format: 'binary', description: 'The JPEG image' });
