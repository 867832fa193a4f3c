import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { useConsumers } from '../callbacks/consumer.js';
import { AUTH, closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const GROWN = fixture('plantstore-crud.yaml');
const ORDERS = fixture('multi/orders.yaml');
const PLANTS_DATA = fixture('state/plants.yaml');
const ORDERS_DATA = fixture('multi/orders-data.yaml');
const CALLBACKS = fixture('callbacks.yaml');
const WEBHOOKS_ONLY = fixture('webhooks-only.yaml');
const SHIPPING = fixture('multi/shipping.yaml');

const consumer = useConsumers();

describe('--data per document', () => {
  it('seeds the document at /BASE from /BASE=FILE, and the first from a file without a base', async () => {
    // The grown Plant Store is served at / (its servers URL has no path), the orders at /shop.
    const server = await mockServer({ spec: [GROWN, ORDERS], stateful: true, data: [PLANTS_DATA, `/shop=${ORDERS_DATA}`] });
    const plant = await server.inject({ url: '/plants/1', headers: AUTH });
    expect(plant.json()).toMatchObject({ name: 'Monstera deliciosa' });
    const order = await server.inject({ url: '/shop/orders/5' });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toEqual({ id: 5, item: 'tea' });
  });

  it('checks each file against its own document', async () => {
    // The orders file names no collection of the Plant Store.
    await expect(createMockServer({ spec: [GROWN, ORDERS], stateful: true, data: [ORDERS_DATA] })).rejects.toThrow(
      /orders-data\.yaml: \/orders is not a collection of the document/,
    );
  });

  it.each([
    [[`/nowhere=${ORDERS_DATA}`], /option "data": no document is mounted at \/nowhere; mounted: \/ \(plantstore-crud\), \/shop \(orders\)/],
    [[PLANTS_DATA, PLANTS_DATA], /option "data": .*plants\.yaml and .*plants\.yaml both seed document "plantstore-crud" at \//],
    [[`/shop=${ORDERS_DATA}`, `/shop/=${ORDERS_DATA}`], /both seed document "orders" at \/shop/],
    [['billing=x.yaml'], /option "data" mount path "billing" is not a path/],
  ])('stops start-up with one line for %j', async (data, message) => {
    await expect(createMockServer({ spec: [GROWN, ORDERS], stateful: true, data })).rejects.toThrow(message);
  });

  it('with one document at /, takes one file, without a base or at /', async () => {
    const server = await mockServer({ spec: GROWN, stateful: true, data: `/=${PLANTS_DATA}` });
    expect((await server.inject({ url: '/plants/2', headers: AUTH })).json()).toMatchObject({ name: 'Boston fern' });
    await expect(createMockServer({ spec: GROWN, data: [PLANTS_DATA, PLANTS_DATA] })).rejects.toThrow(
      'option "data" names one file per document; one document is served',
    );
    await expect(createMockServer({ spec: GROWN, data: `/shop=${ORDERS_DATA}` })).rejects.toThrow(
      'option "data" seeds the document at /shop, but the only document is served at /',
    );
  });
});

describe('GET /__mock/health with several documents', () => {
  it('reports every document, and the one ?spec= names at the top', async () => {
    const server = await mockServer({ spec: [GROWN, ORDERS, `/ship=${SHIPPING}`] });
    const health = (await server.inject('/__mock/health')).json();
    expect(health).toEqual({
      status: 'ok',
      // Prepared once listening (test/serve/preparation.test.ts).
      ready: false,
      prepared: { operations: 0, of: expect.any(Number) },
      spec: 'Plant Store (grown)',
      version: '1.0.0',
      documents: [
        {
          name: 'plantstore-crud',
          base: '/',
          title: 'Plant Store (grown)',
          version: '1.0.0',
          operations: expect.any(Number),
          webhooks: [],
        },
        { name: 'orders', base: '/shop', title: 'Orders', version: '1.0.0', operations: 2, webhooks: [] },
        { name: 'shipping', base: '/ship', title: 'Shipping', version: '2.0.0', operations: 1, webhooks: ['parcelShipped'] },
      ],
    });
    expect((await server.inject('/__mock/health?spec=shipping')).json()).toMatchObject({ spec: 'Shipping', version: '2.0.0' });
    const unknown = await server.inject('/__mock/health?spec=billing');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('no document named "billing"; served: plantstore-crud, orders, shipping');
  });

  it('with one document, lists it too', async () => {
    const server = await mockServer({ spec: SHIPPING });
    expect((await server.inject('/__mock/health')).json()).toEqual({
      status: 'ok',
      ready: false,
      prepared: { operations: 0, of: 1 },
      spec: 'Shipping',
      version: '2.0.0',
      documents: [{ name: 'shipping', base: '/', title: 'Shipping', version: '2.0.0', operations: 1, webhooks: ['parcelShipped'] }],
    });
  });
});

describe('POST /__mock/webhooks/{name} with several documents', () => {
  async function servedWithConsumer() {
    const target = await consumer();
    const server = await mockServer({ spec: [`/shop=${CALLBACKS}`, `/events=${WEBHOOKS_ONLY}`, `/ship=${SHIPPING}`], seed: 3 });
    const send = (name: string, query = '') =>
      server.inject({
        method: 'POST',
        url: `/__mock/webhooks/${name}${query}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ url: `${target.url}/hooks`, headers: { 'x-signature': 's', 'x-delivery': crypto.randomUUID() } }),
      });
    return { server, target, send };
  }

  it('sends a webhook only one document defines without ?spec=, from that document', async () => {
    const { server, target, send } = await servedWithConsumer();
    const sent = await send('parcelShipped');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ webhook: 'parcelShipped', outcome: 'on-contract' });
    expect(JSON.parse(target.received[0]?.body ?? '')).toEqual({ parcelId: 'p1' });
    const journal = (await server.inject('/__mock/journal?spec=shipping')).json();
    expect(journal.entries).toHaveLength(1);
    expect(journal.entries[0]).toMatchObject({ spec: 'shipping', callback: { kind: 'webhook', name: 'parcelShipped' } });
  });

  it('refuses a name several documents define unless ?spec= picks one', async () => {
    const { server, target, send } = await servedWithConsumer();
    const ambiguous = await send('orderPaid');
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.headers['x-mock-error']).toBe('AMBIGUOUS_WEBHOOK');
    expect(ambiguous.json().message).toBe(
      'Webhook "orderPaid" is defined by several documents: callbacks, webhooks-only; name one with ?spec=NAME',
    );
    expect(target.received).toHaveLength(0);
    const picked = await send('orderPaid', '?spec=webhooks-only');
    expect(picked.statusCode).toBe(200);
    // The webhooks-only document's orderPaid requires X-Signature, sent; the callbacks one's none.
    expect(target.received[0]?.headers['x-signature']).toBe('s');
    expect((await server.inject('/__mock/journal?spec=webhooks-only')).json().entries).toHaveLength(1);
  });

  it('names every document`s webhooks for an unknown name, and the named document`s with ?spec=', async () => {
    const { send } = await servedWithConsumer();
    const unknown = await send('refunded');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      'Unknown webhook "refunded"; the document defines: orderPaid (callbacks), orderPaid (webhooks-only), parcelShipped (shipping)',
    );
    const elsewhere = await send('parcelShipped', '?spec=callbacks');
    expect(elsewhere.json().message).toBe('Unknown webhook "parcelShipped"; the document defines: orderPaid');
    const wrong = await send('parcelShipped', '?spec=billing');
    expect(wrong.statusCode).toBe(400);
  });
});
