import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { decorateDoors, defineDoor } from './door.ts';
import { AppError, registerErrorHandling } from './errors.ts';

interface Visitor {
  visitorId: number;
}
interface Courier {
  courierId: number;
}
const VISITOR_DOOR = defineDoor<Visitor>({
  name: 'visitor',
  schemeName: 'visitorToken',
  scheme: { type: 'http', scheme: 'bearer' },
});
const COURIER_DOOR = defineDoor<Courier>({
  name: 'courier',
  schemeName: 'courierKey',
  scheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
});

async function buildDoors() {
  const app = Fastify();
  registerErrorHandling(app);
  decorateDoors(app);
  await app.register(async (visitors) => {
    VISITOR_DOOR.open(visitors, async (request) => {
      if (request.headers.authorization !== 'Bearer visitor') throw new AppError('UNAUTHENTICATED');
      return { visitorId: 1 };
    });
    visitors.get('/visitor', async (request) => VISITOR_DOOR.callerOf(request));
    visitors.get('/visitor/as-courier', async (request) => COURIER_DOOR.callerOf(request));
  });
  await app.register(async (couriers) => {
    COURIER_DOOR.open(couriers, async (request) => {
      if (request.headers['x-api-key'] !== 'courier') throw new AppError('UNAUTHENTICATED');
      return { courierId: 2 };
    });
    couriers.get('/courier', async (request) => COURIER_DOOR.callerOf(request));
    couriers.get('/courier/as-visitor', async (request) => VISITOR_DOOR.callerOf(request));
  });
  app.get('/open', async (request) => VISITOR_DOOR.callerOf(request));
  return app;
}

describe('doors', () => {
  it('lets each caller in through its own door only, and never reads one door’s caller as another’s', async () => {
    const app = await buildDoors();
    const call = (url: string, headers: Record<string, string>) =>
      app.inject({ url, headers }).then((answer) => [answer.statusCode, answer.json()]);
    expect(await call('/visitor', { authorization: 'Bearer visitor' })).toEqual([200, { visitorId: 1 }]);
    expect(await call('/courier', { 'x-api-key': 'courier' })).toEqual([200, { courierId: 2 }]);
    expect((await call('/visitor', { 'x-api-key': 'courier' }))[0]).toBe(401);
    expect((await call('/courier', { authorization: 'Bearer visitor' }))[0]).toBe(401);
    // Let in by the right door, a route that reads another door's caller gets nothing but a 401.
    expect((await call('/visitor/as-courier', { authorization: 'Bearer visitor' }))[0]).toBe(401);
    expect((await call('/courier/as-visitor', { 'x-api-key': 'courier', authorization: 'Bearer visitor' }))[0]).toBe(
      401,
    );
    expect((await call('/open', { authorization: 'Bearer visitor' }))[0]).toBe(401);
    await app.close();
  });

  it('refuses a route behind two doors (a door opened inside another’s scope)', async () => {
    const app = Fastify();
    decorateDoors(app);
    await expect(
      app.register(async (outer) => {
        VISITOR_DOOR.open(outer, async () => ({ visitorId: 1 }));
        await outer.register(async (inner) => {
          COURIER_DOOR.open(inner, async () => ({ courierId: 2 }));
          inner.get('/both', async () => 'never');
        });
      }),
    ).rejects.toThrow('behind the visitor door, cannot also be behind the courier door');
    await app.close().catch(() => undefined);
  });
});
