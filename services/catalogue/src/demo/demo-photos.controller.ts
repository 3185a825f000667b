import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DemoPhotoSchema } from '@vitrina/contracts';
import { ApiAnswer, NotFoundError } from '@vitrina/platform';
import { renderDemoPhoto } from './photo-renderer.js';

const KEY = /^([a-z0-9][a-z0-9-]{0,89})(?:--([1-4]))?\.jpg$/;
const CACHE_MAX = 400;

/**
 * `GET /catalogue/demo-photos/{slug}[--n].jpg`: the demo items' photos, rendered on first request from the
 * key alone (folk-art illustration of what the item or catalogue is, issue 10 §3) and kept in a small in-memory cache. Immutable: the key decides the image.
 */
@ApiTags('catalogue: demo')
@Controller('catalogue/demo-photos')
export class DemoPhotosController {
  private readonly cache = new Map<string, Promise<Buffer>>();

  @Get(':key')
  @ApiOperation({ summary: 'A demo item photo: `{slug}.jpg` or `{slug}--2.jpg` .. `--4.jpg` (public, immutable)' })
  @ApiAnswer(DemoPhotoSchema, { contentType: 'image/jpeg', description: 'The JPEG image', errors: [400, 404] })
  async photo(@Param('key') key: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const match = KEY.exec(key);
    if (!match) throw new NotFoundError('No such photo');
    let image = this.cache.get(key);
    if (!image) {
      image = renderDemoPhoto(match[1], Number(match[2] ?? 1) - 1);
      image.catch(() => this.cache.delete(key));
      this.cache.set(key, image);
      if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    }
    const body = await image;
    // The bytes are the handler's answer (passthrough), so the answer check sees them as it sees any other answer.
    reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin');
    return body;
  }
}
