import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { signTicket, ticketKeyFrom, verifyTicket } from '../src/tickets/domain/ticket-code.js';
import { drawable, fileName } from '../src/tickets/documents/ticket-documents.js';

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
