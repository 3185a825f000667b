import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsqr from 'jsqr';
import QRCode from 'qrcode';
import { signTicket, ticketKeyFrom, verifyTicket } from '../src/tickets/domain/ticket-code.js';
import { drawable, fileName, TicketDocuments } from '../src/tickets/documents/ticket-documents.js';
import type { AttendantRow } from '../src/tickets/queries/attendant.view.js';
import { TicketSigner } from '../src/tickets/ticket-signer.js';

// jsqr is CommonJS: a default import is its module.exports, whose `default` is the reader itself (typed so under NodeNext).
const jsQR = jsqr.default;

/** poppler's PDF rasteriser, when the machine has it (apt install poppler-utils): the printed QR is then read back. */
function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A binary PGM (P5) as the RGBA frame jsQR reads. */
function rgbaOfPgm(bytes: Buffer): { pixels: Uint8ClampedArray; width: number; height: number } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const gray = bytes.subarray(header[0].length);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 4] = pixels[i * 4 + 1] = pixels[i * 4 + 2] = gray[i];
    pixels[i * 4 + 3] = 255;
  }
  return { pixels, width, height };
}

describe('ticket codes: signed, unguessable, verified in constant time', () => {
  const key = ticketKeyFrom({}, 'vitrina-development-internal-secret');

  it('verifies its own codes and nothing else', () => {
    const id = randomUUID();
    const code = signTicket(id, key);
    expect(code).toMatch(/^vt1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyTicket(code, key)).toBe(id);
    expect(verifyTicket(` ${code}\n`, key)).toBe(id);
    const mac = code.split('.')[2];
    // every single-character change of the MAC is refused
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < mac.length; i++) {
      const other = alphabet[(alphabet.indexOf(mac[i]) + 1) % alphabet.length];
      expect(verifyTicket(`vt1.${id}.${mac.slice(0, i)}${other}${mac.slice(i + 1)}`, key)).toBeUndefined();
    }
    expect(verifyTicket(`vt1.${randomUUID()}.${mac}`, key)).toBeUndefined();
    expect(verifyTicket(code, ticketKeyFrom({ TICKETS_SIGNING_KEY: 'k'.repeat(32) }, 'x'))).toBeUndefined();
    expect(verifyTicket(code.toUpperCase(), key)).toBeUndefined();
    expect(verifyTicket(`${code}=`, key)).toBeUndefined();
  });

  it('takes TICKETS_SIGNING_KEY (at least 32 characters) over the service secret, and never the secret itself', () => {
    const own = ticketKeyFrom({ TICKETS_SIGNING_KEY: 'a'.repeat(32) }, 'secret-one-secret-one');
    expect(own.equals(ticketKeyFrom({ TICKETS_SIGNING_KEY: 'a'.repeat(32) }, 'another-secret-entirely'))).toBe(true);
    expect(own.equals(key)).toBe(false);
    expect(ticketKeyFrom({}, 'secret-one-secret-one').equals(ticketKeyFrom({}, 'secret-two-secret-two'))).toBe(false);
    expect(ticketKeyFrom({}, 'secret-one-secret-one').equals(Buffer.from('secret-one-secret-one'))).toBe(false);
    expect(ticketKeyFrom({ TICKETS_SIGNING_KEY: '' }, 'secret-one-secret-one').equals(ticketKeyFrom({}, 'secret-one-secret-one'))).toBe(
      true,
    );
    expect(() => ticketKeyFrom({ TICKETS_SIGNING_KEY: 'short' }, 'x')).toThrow(/at least 32/);
  });

  it('the QR the ticket draws reads back as the code (error correction M, as the PDF draws it)', () => {
    const code = signTicket(randomUUID(), key);
    const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const scale = 4;
    const side = (n + 4) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const row = Math.floor(y / scale) - 2;
        const col = Math.floor(x / scale) - 2;
        if (row >= 0 && col >= 0 && row < n && col < n && qr.modules.get(row, col)) {
          const i = (y * side + x) * 4;
          pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
        }
      }
    }
    expect(jsQR(pixels, side, side)?.data).toBe(code);
  });

  (hasPdftoppm() ? it : it.skip)('the PDF’s printed QR reads back as the ticket’s code, a used ticket’s too (needs pdftoppm)', async () => {
    const signer = new TicketSigner();
    const row = (id: string, usedAt: Date | null): AttendantRow => ({
      id,
      orderId: randomUUID(),
      lineId: 'l1',
      itemId: randomUUID(),
      itemName: 'Cata de mezcal',
      experienceDate: new Date('2027-03-14T19:30:00Z'),
      supplierId: randomUUID(),
      fullName: 'Ana López',
      phone: '5512345678',
      type: 'purchase',
      position: 0,
      usedAt,
      usedBy: null,
      createdAt: new Date(),
    });
    const tickets = [row(randomUUID(), null), row(randomUUID(), new Date())];
    const dir = mkdtempSync(join(tmpdir(), 'tickets-'));
    try {
      writeFileSync(join(dir, 't.pdf'), await new TicketDocuments(signer).pdf(tickets));
      execFileSync('pdftoppm', ['-r', '120', '-gray', join(dir, 't.pdf'), join(dir, 'page')]);
      for (const [i, t] of tickets.entries()) {
        const { pixels, width, height } = rgbaOfPgm(readFileSync(join(dir, `page-${i + 1}.pgm`)));
        expect(jsQR(pixels, width, height)?.data).toBe(signer.code(t.id));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints any name with the standard fonts, and names zip entries safely', () => {
    expect(drawable('Ana López Ñandú')).toBe('Ana López Ñandú');
    expect(drawable('Zoë “Œ” — €')).toBe('Zoë “Œ” — €');
    expect(drawable('Łukasz Dvořák 李雷')).toBe('?ukasz Dvorák ??');
    expect(drawable('sábado,\u202f13:30\u00a0h')).toBe('sábado, 13:30 h');
    expect(fileName({ fullName: 'María José Ñandú' }, 0)).toBe('boleto-01-maria-jose-nandu.pdf');
    expect(fileName({ fullName: '李雷' }, 11, 'en')).toBe('ticket-12.pdf');
    expect(fileName({ fullName: '../../etc/passwd' }, 2)).toBe('boleto-03-etc-passwd.pdf');
  });
});
