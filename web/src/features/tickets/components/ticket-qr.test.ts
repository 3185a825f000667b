import { describe, expect, it } from 'vitest';
import { decodeFrame } from './qr-scanner';
import { qrPath } from './ticket-qr';

/** Paints the SVG path's squares (`M{x} {y}h1v1h-1z`) into an RGBA frame, `scale` pixels a module. */
function paint(size: number, d: string, scale = 4): { pixels: Uint8ClampedArray; side: number } {
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return { pixels, side };
}

describe('the ticket QR on screen and the door’s scanner', () => {
  it('draws a QR that the scanner reads back as the ticket code', async () => {
    const code = 'vt1.0190a1b2-c3d4-7e5f-8a6b-0c1d2e3f4a5b.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';
    const { size, d } = await qrPath(code);
    const { pixels, side } = paint(size, d);
    expect(decodeFrame(pixels, side, side)).toBe(code);
  });

  it('finds nothing in a frame without a code', () => {
    expect(decodeFrame(new Uint8ClampedArray(64 * 64 * 4).fill(255), 64, 64)).toBeNull();
  });
});
