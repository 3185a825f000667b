import '@fastify/multipart';
import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CollaboratorAccess, GalleryFileSchema, GalleryLimits, GalleryUploadSchema, type GalleryUpload } from '@vitrina/contracts';
import {
  ApiAnswer,
  InvalidTextError,
  NotFoundError,
  OwnerPath,
  PathOwner,
  ValidationError,
  isCleanString,
  type OwnerRef,
} from '@vitrina/platform';
import { GalleryService } from '../gallery.service.js';
import { GalleryCleanup } from '../jobs/gallery-cleanup.job.js';

/** Served files: scripts can never run in them (an SVG opened directly included). */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The gallery group (spec 1 §7 'Image upload'): `POST /gallery/{owner}:{mashupID}/` multipart `name`, `image`,
 * `get_main_colors` (default 5) -> `{ url, id, main_colors }`; `DELETE /gallery/{owner}:{mashupID}/{id}`;
 * `GET /gallery/files/{name}` serves the local adapter's files (public, cached for a year): originals
 * `{id}.{jpg|png|svg}` and their WebP size variants `{id}-{320|640|1280|2048}.webp` (issue 10 §3; an upload older
 * than variants gets them rendered on first request).
 */
@ApiTags('gallery')
@Controller('gallery')
export class GalleryController {
  constructor(
    private readonly gallery: GalleryService,
    private readonly cleanup: GalleryCleanup,
  ) {}

  @Post(':owner')
  @OwnerPath('owner', { qualifier: 'any', collaborators: CollaboratorAccess.storefront })
  @HttpCode(201)
  @ApiAnswer(GalleryUploadSchema, { status: 201, errors: [400, 413] })
  @ApiOperation({ summary: 'Upload an image (jpeg, png or svg judged by its bytes; max 4,000,000 bytes)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', format: 'binary' },
        name: { type: 'string', maxLength: 200 },
        get_main_colors: { type: 'integer', minimum: 0, maximum: GalleryLimits.maxMainColors, default: GalleryLimits.defaultMainColors },
      },
    },
  })
  upload(@PathOwner() owner: OwnerRef, @Req() req: FastifyRequest): Promise<GalleryUpload> {
    return this.receive(owner, req);
  }

  private async receive(owner: OwnerRef, req: FastifyRequest): Promise<GalleryUpload> {
    if (!req.isMultipart()) throw new ValidationError('Send the image as multipart/form-data', { image: ['multipart/form-data expected'] });
    const fields: Record<string, string> = {};
    let image: Buffer | undefined;
    try {
      const parts = req.parts({ limits: { fileSize: this.gallery.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
      for await (const part of parts) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'image') image = bytes;
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
    } catch (err) {
      const e = err as { code?: string; statusCode?: number };
      if (e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413) throw this.gallery.tooLarge();
      // Anything else the parser raises is the body's fault (no boundary, truncated, a part it cannot frame:
      // busboy's plain Errors carry no code), never a 500.
      throw new ValidationError('The multipart body could not be read', {
        image: [e.code?.startsWith('FST_') ? e.code : 'malformed multipart body'],
      });
    }
    // Field values are text like any JSON field: no NUL or lone surrogate (request-guards.ts does this for JSON bodies).
    for (const [field, value] of Object.entries(fields))
      if (!isCleanString(value)) throw new InvalidTextError(`The multipart field ${field.slice(0, 50)}`);
    if (!image) throw new ValidationError('image is required', { image: ['image is required'] });
    const wanted =
      fields.get_main_colors === undefined || fields.get_main_colors === ''
        ? GalleryLimits.defaultMainColors
        : Number(fields.get_main_colors);
    if (!Number.isInteger(wanted) || wanted < 0 || wanted > GalleryLimits.maxMainColors) {
      throw new ValidationError(`get_main_colors must be an integer from 0 to ${GalleryLimits.maxMainColors}`, {
        get_main_colors: ['out of range'],
      });
    }
    const name = fields.name?.trim().slice(0, 200) || undefined;
    return this.gallery.upload({
      ownerId: owner.ownerId,
      mashupId: owner.qualifier ?? owner.ownerId,
      name,
      bytes: image,
      mainColors: wanted,
    });
  }

  @Delete(':owner/:id')
  @OwnerPath('owner', { qualifier: 'any', collaborators: CollaboratorAccess.storefront })
  @HttpCode(204)
  @ApiAnswer(null, { status: 204, errors: [404] })
  @ApiOperation({ summary: 'Delete one of the owner’s images (the file is removed by a retried job)' })
  async remove(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<void> {
    const marked = await this.gallery.requestDeletion(owner.ownerId, id);
    await this.cleanup.schedule([marked]);
  }

  @Get('files/:name')
  @ApiAnswer(GalleryFileSchema, {
    contentType: 'image/*',
    description: 'The image (image/jpeg, image/png or image/svg+xml; image/webp for a size variant `{id}-{width}.webp`)',
    errors: [404],
  })
  @ApiOperation({ summary: 'A gallery file or one of its WebP size variants `{id}-{320|640|1280|2048}.webp` (public, immutable)' })
  async file(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const file = await this.gallery.file(name);
    if (!file) throw new NotFoundError('No such file');
    // The bytes are the handler's answer (passthrough), so the answer check sees them as it sees any other answer.
    reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.body.length))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', FILE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-disposition', 'inline');
    return file.body;
  }
}
