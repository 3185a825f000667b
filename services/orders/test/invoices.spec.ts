import { isValidRfc } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { PDFDocument } from 'pdf-lib';
import { hex, pageText } from './pdf-text.js';
import { snapshot, startWorld, type World } from './world.js';

describe('RFC (spec 3 §3 invoicing data)', () => {
  it('accepts well-formed RFCs whose date exists', () => {
    for (const rfc of ['GODE561231GR8', 'XAXX010101000', 'ABC000229AB1', 'ÑAÑ991231A12', 'A&B010131XY9', 'MOGA800101AAA']) {
      expect([rfc, isValidRfc(rfc)]).toEqual([rfc, true]);
    }
  });

  it('refuses bad shapes and impossible dates', () => {
    for (const rfc of [
      'GODE561331GR8',
      'GODE560230GR8',
      'ABC010431AB1',
      'ABC010100AB1',
      'ABC010132AB1',
      'GODE561231GR',
      'GO1E561231GR8',
      'gode561231gr8',
      'GODE5612311GR8',
      '',
    ]) {
      expect([rfc, isValidRfc(rfc)]).toEqual([rfc, false]);
    }
  });
});

describe('invoicing data and the receipt PDF', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  async function order() {
    const buyer = newId();
    const supplier = newId();
    const snap = snapshot({
      userId: buyer,
      supplierId: supplier,
      lines: [
        {
          itemId: newId(),
          variantKey: 'color=azul',
          variant: { color: 'azul' },
          name: 'Jarrito de barro pintado a mano con un nombre muy largo que no cabe en una sola línea del recibo → ✓',
          photo: null,
          type: 'product',
          slug: 'jarrito',
          ownerId: supplier,
          quantity: 3,
          unitPriceMinor: 12550,
          contributionMarginMinor: 0,
          experienceDate: null,
        },
      ],
    });
    const id = await w.paid(snap);
    return { id, buyer, supplier, me: `${buyer}:${buyer}`, auth: await w.token(buyer) };
  }

  const stored = async (id: string) =>
    (await w.sql<{ invoicing: unknown }>(`select invoicing from orders.orders where id = '${id}'`))[0]?.invoicing;

  const data = { rfc: ' gode-561231-gr8 ', name: '  Ana   López Pérez ', tax_regime: '612', cfdi_use: 'G03', postal_code: '06600' };

  it('stores the invoicing data with the RFC cleaned and upper-cased, shown on the order', async () => {
    const o = await order();
    const r = await w.request('PUT', `/orders/${o.me}/orders/${o.id}/invoicing`, { auth: o.auth, payload: data });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ rfc: 'GODE561231GR8', name: 'Ana López Pérez', tax_regime: '612', cfdi_use: 'G03', postal_code: '06600' });
    expect(await stored(o.id)).toEqual(r.body);
    const again = await w.request('PUT', `/orders/${o.me}/orders/${o.id}/invoicing`, {
      auth: o.auth,
      payload: { ...data, rfc: 'ABC010131AB1', name: 'Comercializadora ABC SA de CV', tax_regime: '601' },
    });
    expect([again.status, again.body.rfc]).toEqual([200, 'ABC010131AB1']);
  });

  it('refuses an invalid RFC with 400 invalid_rfc, bad catalogue values with 400, and changes nothing', async () => {
    const o = await order();
    const url = `/orders/${o.me}/orders/${o.id}/invoicing`;
    for (const rfc of ['GODE561331GR8', 'GODE560230GR8', 'XYZ', 'GODE561231GR8X', '']) {
      const r = await w.request('PUT', url, { auth: o.auth, payload: { ...data, rfc } });
      expect([rfc, r.status, r.body.code]).toEqual([rfc, 400, 'invalid_rfc']);
    }
    for (const payload of [
      { ...data, tax_regime: '999' },
      { ...data, cfdi_use: 'X01' },
      { ...data, postal_code: '6600' },
      { ...data, name: '   ' },
      { ...data, rfc: null },
      { ...data, tax_regime: '601' }, // a legal persons' regime with a natural person's RFC
      { ...data, rfc: 'ABC010131AB1', tax_regime: '605' }, // wages are a natural person's
    ]) {
      const r = await w.request('PUT', url, { auth: o.auth, payload });
      expect([r.status, r.body.code]).toEqual([400, 'validation_failed']);
    }
    expect(await stored(o.id)).toBeNull();
  });

  it('lets only the customer set it (404 for the supplier and others)', async () => {
    const o = await order();
    for (const who of [o.supplier, newId()]) {
      const r = await w.request('PUT', `/orders/${who}:${who}/orders/${o.id}/invoicing`, { auth: await w.token(who), payload: data });
      expect(r.status).toBe(404);
    }
    expect(await stored(o.id)).toBeNull();
  });

  it('answers a receipt PDF that opens, for the customer and the seller, 404 for others', async () => {
    const o = await order();
    await w.request('PUT', `/orders/${o.me}/orders/${o.id}/invoicing`, { auth: o.auth, payload: data });
    const res = await w.app.inject({
      method: 'GET',
      url: `/orders/${o.me}/orders/${o.id}/receipt.pdf`,
      headers: { authorization: o.auth },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="recibo-${o.id}.pdf"`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe(`Recibo de compra ${o.id}`);
    // text is drawn as WinAnsi hex strings: the order, the RFC, the regime's name and the total are on the page
    const text = pageText(bytes);
    for (const shown of [
      o.id,
      'GODE561231GR8',
      '612 Personas Físicas con Actividades Empresariales y Profesionales',
      'G03 Gastos en general',
      '$475.50 MXN',
      'Tienda Demo',
    ]) {
      expect(text).toContain(hex(shown));
    }

    const sup = `${o.supplier}:${o.supplier}`;
    const seller = await w.app.inject({
      method: 'GET',
      url: `/orders/admin/suppliers/${sup}/orders/${o.id}/receipt.pdf`,
      headers: { authorization: await w.token(o.supplier) },
    });
    expect(seller.statusCode).toBe(200);
    expect((await PDFDocument.load(seller.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(1);

    const other = newId();
    const oauth = await w.token(other);
    expect((await w.request('GET', `/orders/${other}:${other}/orders/${o.id}/receipt.pdf`, { auth: oauth })).status).toBe(404);
    expect((await w.request('GET', `/orders/admin/suppliers/${other}:${other}/orders/${o.id}/receipt.pdf`, { auth: oauth })).status).toBe(
      404,
    );
    expect((await w.request('GET', `/orders/${o.me}/orders/${o.id}/receipt.pdf`)).status).toBe(401);
  });

  it('prints a receipt without invoicing data and over several pages when the order is long', async () => {
    const buyer = newId();
    const supplier = newId();
    const lines = Array.from({ length: 80 }, (_, n) => ({
      itemId: newId(),
      variantKey: '',
      variant: {},
      name: `Artículo ${n + 1}`,
      photo: null,
      type: 'product' as const,
      slug: `a${n}`,
      ownerId: supplier,
      quantity: 1,
      unitPriceMinor: 1000,
      contributionMarginMinor: 0,
      experienceDate: null,
    }));
    const id = await w.paid(snapshot({ userId: buyer, supplierId: supplier, lines }));
    const res = await w.app.inject({
      method: 'GET',
      url: `/orders/${buyer}:${buyer}/orders/${id}/receipt.pdf`,
      headers: { authorization: await w.token(buyer) },
    });
    expect(res.statusCode).toBe(200);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    const text = pageText(res.rawPayload);
    expect(text).toContain(hex('Sin datos de facturación.'));
    expect(text).toContain(hex('Artículo 80'));
  });
});
