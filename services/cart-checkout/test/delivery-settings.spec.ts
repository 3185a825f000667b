import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AccountsEvents, DEMO, DeliveryLimits, MEXICAN_STATES, PAYMENT_TYPES, Topics } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { DeliveryService } from '../src/delivery/delivery.service.js';
import { anAddress, startDeliveryWorld, type DeliveryWorld } from './delivery-helpers.js';

const SELLER = '01930000-0000-7000-8000-00000000a001';
const SHOPPER = '01930000-0000-7000-8000-00000000a002';
const OTHER = '01930000-0000-7000-8000-00000000a003';

/** Polls until `check` holds (events cross the bus asynchronously). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('supplier settings and saved addresses', () => {
  let w: DeliveryWorld;
  let seller: string;
  let shopper: string;
  let other: string;

  beforeAll(async () => {
    w = await startDeliveryWorld({ seed: true });
    [seller, shopper, other] = await Promise.all([w.token(SELLER), w.token(SHOPPER), w.token(OTHER)]);
  });
  afterAll(async () => {
    await w?.close();
  });

  describe('supplier settings', () => {
    it('answers empty, unconfigured settings to a seller who never saved any', async () => {
      const res = await w.call('GET', '/checkout/supplier-settings', { auth: seller });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        supplier_id: SELLER,
        enabled_payment_types: [],
        fixed_shipping_cost: null,
        fixed_shipping_cost_minor: null,
        fixed_shipping_days: null,
        scheduled_delivery: false,
        currency: 'MXN',
        rate_zones: [],
        branches: [],
        is_configured: false,
      });
    });

    it('needs a signed-in user', async () => {
      expect((await w.call('GET', '/checkout/supplier-settings')).status).toBe(401);
      expect((await w.call('PUT', '/checkout/supplier-settings', { payload: { enabled_payment_types: ['card'] } })).status).toBe(401);
    });

    it('is configured with a payment type and a way to deliver (fixed shipping, a zone or a branch), not with only one of them', async () => {
      const put = (payload: object) => w.call('PUT', '/checkout/supplier-settings', { auth: seller, payload });
      expect((await put({ enabled_payment_types: ['card'] })).body.is_configured).toBe(false);
      expect((await put({ enabled_payment_types: [], fixed_shipping_cost: '99', fixed_shipping_days: 3 })).body.is_configured).toBe(false);
      const fixed = await put({ enabled_payment_types: ['card', 'spei'], fixed_shipping_cost: '99', fixed_shipping_days: 3 });
      expect(fixed.status).toBe(200);
      expect(fixed.body).toMatchObject({
        is_configured: true,
        fixed_shipping_cost: '99.00',
        fixed_shipping_cost_minor: 9900,
        fixed_shipping_days: 3,
      });
      const zone = await put({
        enabled_payment_types: ['cash'],
        rate_zones: [{ name: 'Jalisco', states: ['Jalisco'], price_minor: 15000, days: 4 }],
      });
      expect(zone.body.is_configured).toBe(true);
      expect(zone.body.rate_zones).toEqual([
        {
          id: expect.any(String),
          name: 'Jalisco',
          carrier: 'Paquetería',
          states: ['JAL'],
          postal_prefixes: [],
          price: '150.00',
          price_minor: 15000,
          days: 4,
        },
      ]);
      const branch = await put({
        enabled_payment_types: ['paypal'],
        branches: [{ name: 'Centro', address: 'Madero 1', phone: '+52 55 1234 5678', state: 'cdmx', postal_code: '06000' }],
      });
      expect(branch.body.is_configured).toBe(true);
      expect(branch.body.branches).toEqual([
        { id: expect.any(String), name: 'Centro', address: 'Madero 1', phone: '5512345678', state: 'CMX', postal_code: '06000' },
      ]);
      // PUT replaces the whole document: the fixed shipping and zones of before are gone
      expect(branch.body).toMatchObject({ fixed_shipping_cost: null, rate_zones: [] });
      expect((await w.call('GET', '/checkout/supplier-settings', { auth: seller })).body).toEqual(branch.body);
    });

    it('keeps a zone id sent back (edits) and gives new zones new ids', async () => {
      const first = await w.call('PUT', '/checkout/supplier-settings', {
        auth: seller,
        payload: { enabled_payment_types: ['card'], rate_zones: [{ id: 'norte', name: 'Norte', states: ['NLE'], price: '120', days: 3 }] },
      });
      expect(first.body.rate_zones[0].id).toBe('norte');
      const again = await w.call('PUT', '/checkout/supplier-settings', {
        auth: seller,
        payload: {
          enabled_payment_types: ['card'],
          rate_zones: [
            { id: 'norte', name: 'Norte', states: ['NLE', 'COA'], price: '130', days: 3 },
            { name: 'CDMX', postal_prefixes: ['06'], price: '60', days: 1 },
          ],
        },
      });
      expect(again.body.rate_zones.map((z: { id: string }) => z.id)).toEqual(['norte', expect.any(String)]);
      expect(again.body.rate_zones[0]).toMatchObject({ states: ['NLE', 'COA'], price_minor: 13000 });
    });

    it.each<[string, object, string, string]>([
      ['an unknown payment type', { enabled_payment_types: ['bitcoin'] }, 'validation_failed', 'enabled_payment_types'],
      [
        'a cost without days',
        { enabled_payment_types: ['card'], fixed_shipping_cost: '99' },
        'invalid_supplier_settings',
        'fixed_shipping_days',
      ],
      [
        'days without a cost',
        { enabled_payment_types: ['card'], fixed_shipping_days: 2 },
        'invalid_supplier_settings',
        'fixed_shipping_cost',
      ],
      [
        'a price with 3 decimals',
        { enabled_payment_types: ['card'], fixed_shipping_cost: '9.999', fixed_shipping_days: 2 },
        'validation_failed',
        'fixed_shipping_cost',
      ],
      [
        'price and price_minor that disagree',
        { enabled_payment_types: ['card'], fixed_shipping_cost: '99', fixed_shipping_cost_minor: 100, fixed_shipping_days: 2 },
        'invalid_supplier_settings',
        'fixed_shipping_cost',
      ],
      [
        'a zone in an unknown state',
        { enabled_payment_types: ['card'], rate_zones: [{ name: 'x', states: ['Texas'], price: '1', days: 1 }] },
        'invalid_state',
        'rate_zones.0.states.0',
      ],
      [
        'a zone that covers nothing',
        { enabled_payment_types: ['card'], rate_zones: [{ name: 'x', price: '1', days: 1 }] },
        'invalid_supplier_settings',
        'rate_zones.0.states',
      ],
      [
        'a zone without a price',
        { enabled_payment_types: ['card'], rate_zones: [{ name: 'x', states: ['JAL'], days: 1 }] },
        'invalid_supplier_settings',
        'rate_zones.0.price',
      ],
      [
        'a postal prefix with letters',
        { enabled_payment_types: ['card'], rate_zones: [{ name: 'x', postal_prefixes: ['4a'], price: '1', days: 1 }] },
        'validation_failed',
        'rate_zones.0.postal_prefixes',
      ],
      [
        'two zones with one id',
        {
          enabled_payment_types: ['card'],
          rate_zones: [
            { id: 'a', name: 'x', states: ['JAL'], price: '1', days: 1 },
            { id: 'a', name: 'y', states: ['COL'], price: '1', days: 1 },
          ],
        },
        'invalid_supplier_settings',
        'rate_zones.1.id',
      ],
      [
        'a branch in an unknown state',
        { enabled_payment_types: ['card'], branches: [{ name: 'x', address: 'y', phone: '5512345678', state: 'ZZ' }] },
        'invalid_state',
        'branches.0.state',
      ],
      [
        'a branch with a short phone',
        { enabled_payment_types: ['card'], branches: [{ name: 'x', address: 'y', phone: '12345', state: 'JAL' }] },
        'invalid_phone',
        'branches.0.phone',
      ],
      [
        'negative days',
        { enabled_payment_types: ['card'], fixed_shipping_cost: '1', fixed_shipping_days: -1 },
        'validation_failed',
        'fixed_shipping_days',
      ],
      ['null payment types', { enabled_payment_types: null }, 'validation_failed', 'enabled_payment_types'],
    ])('refuses %s with 400 and saves nothing', async (_what, payload, code, field) => {
      const before = (await w.call('GET', '/checkout/supplier-settings', { auth: seller })).raw;
      const res = await w.call('PUT', '/checkout/supplier-settings', { auth: seller, payload });
      expect([res.status, res.body.code]).toEqual([400, code]);
      expect(Object.keys(res.body.fields ?? {}).some((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
      expect((await w.call('GET', '/checkout/supplier-settings', { auth: seller })).raw).toBe(before);
    });

    it("gives carts each supplier's configuration and name (DeliveryService)", async () => {
      await w.call('PUT', '/checkout/supplier-settings', {
        auth: seller,
        payload: { enabled_payment_types: ['card', 'cash'], fixed_shipping_cost_minor: 4550, fixed_shipping_days: 2 },
      });
      const configs = await w.app.get(DeliveryService).configurations([SELLER, DEMO.users.supplierA.id, OTHER, SELLER]);
      expect(configs.size).toBe(3);
      expect(configs.get(SELLER)).toEqual({
        isConfigured: true,
        takesPayment: true,
        ships: true,
        enabledPaymentTypes: ['card', 'cash'],
        fixedShipping: { costMinor: 4550, days: 2, currency: 'MXN' },
        // what a checkout of products it ships offers, at creation as on every read (CheckoutRepository.optionsFor)
        delivery: {
          fixed: { price: '45.50', price_minor: 4550, currency: 'MXN', days: 2 },
          scheduled: false,
          broker: false,
          pickup: false,
        },
        name: '',
      });
      expect(configs.get(DEMO.users.supplierA.id)).toMatchObject({
        isConfigured: true,
        name: DEMO.users.supplierA.name,
        fixedShipping: { costMinor: 9900, days: 3 },
      });
      expect(configs.get(OTHER)).toEqual({
        isConfigured: false,
        takesPayment: false,
        ships: false,
        enabledPaymentTypes: [],
        fixedShipping: null,
        delivery: { fixed: null, scheduled: false, broker: false, pickup: false },
        name: '',
      });
      expect(await w.app.get(DeliveryService).configurations([])).toEqual(new Map());
      // scheduled deliveries (with fixed shipping), zones and branches
      await w.call('PUT', '/checkout/supplier-settings', {
        auth: seller,
        payload: {
          enabled_payment_types: ['card'],
          fixed_shipping_cost_minor: 9900,
          fixed_shipping_days: 3,
          scheduled_delivery: true,
          rate_zones: [{ name: 'Terrestre', carrier: 'Estafeta', states: ['JAL'], price: '150', days: 4 }],
          branches: [
            { id: 'suc-centro', name: 'Sucursal Centro', address: 'Madero 1', phone: '5512345678', state: 'CMX', postal_code: '06000' },
          ],
        },
      });
      expect((await w.app.get(DeliveryService).configurations([SELLER])).get(SELLER)?.delivery).toEqual({
        fixed: { price: '99.00', price_minor: 9900, currency: 'MXN', days: 3 },
        scheduled: true,
        broker: true,
        pickup: true,
      });
    });

    it("names a supplier after the accounts service's user events (registered, then profile updated)", async () => {
      const service = w.app.get(DeliveryService);
      const envelope = (type: string, data: object) => ({
        id: newId(),
        type,
        version: 1,
        occurredAt: new Date().toISOString(),
        key: OTHER,
        traceId: newId(),
        data,
      });
      await w.runtime.bus.publish(Topics.accountsUser, [
        envelope(AccountsEvents.registered, {
          userId: OTHER,
          channel: 'email',
          fullName: ' Olga Otra ',
          locale: 'es',
          affiliate: {},
          canSkipPin: false,
        }),
      ]);
      await eventually(async () => (await service.configurations([OTHER])).get(OTHER)?.name === 'Olga Otra');
      await w.runtime.bus.publish(Topics.accountsUser, [
        envelope(AccountsEvents.profileUpdated, { userId: OTHER, name: 'Olga Renombrada' }),
      ]);
      await eventually(async () => (await service.configurations([OTHER])).get(OTHER)?.name === 'Olga Renombrada');
    });

    it('seeds the demo sellers with every payment type, fixed shipping, zones over all 32 states and two branches', async () => {
      for (const user of [DEMO.users.supplierA, DEMO.users.supplierB, DEMO.users.demoOwner, DEMO.users.reseller]) {
        const res = await w.call('GET', '/checkout/supplier-settings', { auth: await w.token(user.id) });
        expect(res.body).toMatchObject({
          is_configured: true,
          enabled_payment_types: [...PAYMENT_TYPES],
          fixed_shipping_cost: '99.00',
          fixed_shipping_days: 3,
        });
        const carriers = new Set(res.body.rate_zones.map((z: { carrier: string }) => z.carrier));
        expect(carriers.size).toBe(2);
        for (const carrier of carriers) {
          const states = new Set(
            res.body.rate_zones.filter((z: { carrier: string }) => z.carrier === carrier).flatMap((z: { states: string[] }) => z.states),
          );
          expect(states.size).toBe(MEXICAN_STATES.length);
        }
        expect(res.body.branches).toHaveLength(2);
      }
    });
  });

  describe('saved addresses', () => {
    it('saves an address per user with its state code, cleaned phone and a formatted line', async () => {
      const res = await w.call('POST', '/checkout/addresses', {
        auth: shopper,
        payload: anAddress({ administrative_area_level_1: 'Jalisco' }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        address_name: 'Carla Cliente',
        address_phone: '3312345678',
        street_address: 'Av. Juárez 450',
        route: 'Av. Juárez',
        street_number: '450',
        country: 'MX',
        administrative_area_level_1: 'JAL',
        locality: 'Guadalajara',
        sublocality: 'Centro',
        postal_code: '44100',
        formatted_address: 'Av. Juárez 450, Centro, 44100 Guadalajara, Jalisco, México',
      });
      const list = await w.call('GET', '/checkout/addresses', { auth: shopper });
      expect(list.body.results).toEqual([res.body]);
      expect((await w.call('GET', '/checkout/addresses', { auth: other })).body.results).toEqual([]);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an unknown state', { administrative_area_level_1: 'California' }, 'invalid_state'],
      ['a 4-digit postal code', { postal_code: '4410' }, 'invalid_postal_code'],
      ['a postal code with letters', { postal_code: '44A00' }, 'invalid_postal_code'],
      ['a short phone', { address_phone: '331234' }, 'invalid_phone'],
      ['no street', { route: '' }, 'validation_failed'],
      ['another country', { country: 'US' }, 'validation_failed'],
      ['a null name', { address_name: null }, 'validation_failed'],
    ])('refuses %s with 400 and saves nothing', async (_what, over, code) => {
      const before = (await w.call('GET', '/checkout/addresses', { auth: shopper })).raw;
      const res = await w.call('POST', '/checkout/addresses', { auth: shopper, payload: anAddress(over) });
      expect([res.status, res.body.code]).toEqual([400, code]);
      expect((await w.call('GET', '/checkout/addresses', { auth: shopper })).raw).toBe(before);
    });

    it("answers 404 for another user's address and changes nothing", async () => {
      const mine = (await w.call('POST', '/checkout/addresses', { auth: shopper, payload: anAddress({ route: 'Calle 2' }) })).body;
      const put = await w.call('PUT', `/checkout/addresses/${mine.id}`, { auth: other, payload: anAddress({ route: 'Robada' }) });
      expect([put.status, put.body.code]).toEqual([404, 'address_not_found']);
      const del = await w.call('DELETE', `/checkout/addresses/${mine.id}`, { auth: other });
      expect([del.status, del.body.code]).toEqual([404, 'address_not_found']);
      const list = (await w.call('GET', '/checkout/addresses', { auth: shopper })).body.results;
      expect(list.find((a: { id: string }) => a.id === mine.id)).toEqual(mine);
    });

    it('edits and deletes my own address', async () => {
      const mine = (await w.call('POST', '/checkout/addresses', { auth: shopper, payload: anAddress({ route: 'Calle 3' }) })).body;
      const put = await w.call('PUT', `/checkout/addresses/${mine.id}`, {
        auth: shopper,
        payload: anAddress({
          route: 'Calle 4',
          administrative_area_level_1: 'CMX',
          postal_code: '06000',
          locality: 'Cuauhtémoc',
          sublocality: null,
        }),
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        id: mine.id,
        route: 'Calle 4',
        administrative_area_level_1: 'CMX',
        sublocality: null,
        formatted_address: 'Calle 4 450, 06000 Cuauhtémoc, Ciudad de México, México',
      });
      expect((await w.call('DELETE', `/checkout/addresses/${mine.id}`, { auth: shopper })).status).toBe(204);
      expect((await w.call('DELETE', `/checkout/addresses/${mine.id}`, { auth: shopper })).status).toBe(404);
    });

    it(`keeps at most ${DeliveryLimits.addressesPerUser} addresses per user, even when saved concurrently`, async () => {
      const user = await w.token('01930000-0000-7000-8000-00000000a0ff');
      const answers = await Promise.all(
        Array.from({ length: DeliveryLimits.addressesPerUser + 5 }, (_, i) =>
          w.call('POST', '/checkout/addresses', { auth: user, payload: anAddress({ street_number: String(i + 1) }) }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(DeliveryLimits.addressesPerUser);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'address_limit_reached')).toBe(true);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
      expect((await w.call('GET', '/checkout/addresses', { auth: user })).body.results).toHaveLength(DeliveryLimits.addressesPerUser);
    });
  });
});
