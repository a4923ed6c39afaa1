// The session cache's rules with a feed of changes under the test's control (session-cache.ts, decision 031).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelFeed } from '../../platform/db.ts';
import { createSessionCache } from './session-cache.ts';

/** A feed that holds what is notified until `deliver`, in order, as the database's queue does. */
function heldFeed(cache: ReturnType<typeof createSessionCache<string>>) {
  const queue: string[] = [];
  const feed: ChannelFeed & { restarts: number } = {
    restarts: 0,
    notify: async (payload) => {
      queue.push(payload);
    },
    // As the database's feeds do: stop listening, then (here, never) listen again.
    restart: () => {
      feed.restarts += 1;
      cache.listener.onLost();
    },
  };
  return {
    feed,
    /** A change committed by another writer. */
    change: (userId: string) => queue.push(userId),
    deliver: () => {
      for (const payload of queue.splice(0)) cache.listener.onNotification(payload);
    },
  };
}

async function listeningCache(max?: number) {
  const cache = createSessionCache<string>(max ? { max } : {});
  const held = heldFeed(cache);
  cache.listener.onListening(held.feed);
  await Promise.resolve();
  held.deliver(); // the probe comes back
  return { cache, ...held };
}

afterEach(() => vi.useRealTimers());

describe('the session cache', () => {
  it('serves and stores nothing until its feed has shown that it delivers, and forgets everything when it stops', async () => {
    const cache = createSessionCache<string>();
    cache.store('s1', 'u1', 'one', cache.begin());
    expect(cache.get('s1')).toBeUndefined();
    const { feed, deliver } = heldFeed(cache);
    cache.listener.onListening(feed);
    cache.store('s1', 'u1', 'one', cache.begin());
    expect(cache.stats()).toEqual({ size: 0, listening: false }); // its probe has not come back yet
    await Promise.resolve();
    deliver();
    cache.store('s1', 'u1', 'one', cache.begin());
    expect(cache.get('s1')).toBe('one');
    cache.listener.onLost();
    expect(cache.get('s1')).toBeUndefined();
    cache.listener.onListening(feed);
    await Promise.resolve();
    deliver();
    expect(cache.stats()).toEqual({ size: 0, listening: true });
  });

  it('restarts a feed that says it listens but does not deliver (a transaction-mode pooler)', async () => {
    vi.useFakeTimers();
    const cache = createSessionCache<string>();
    const { feed } = heldFeed(cache);
    cache.listener.onListening(feed);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cache.stats().listening).toBe(false);
    expect(feed.restarts).toBe(1);
  });

  it("drops every session of a changed account and no other account's", async () => {
    const { cache, change, deliver } = await listeningCache();
    cache.store('s1', 'u1', 'one', cache.begin());
    cache.store('s2', 'u1', 'two', cache.begin());
    cache.store('s3', 'u2', 'three', cache.begin());
    change('u1');
    deliver();
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, undefined, 'three']);
    expect(cache.stats()).toEqual({ size: 1, listening: true });
  });

  it('does not keep a read that a change overtook, since it may have read the row before the change', async () => {
    const { cache, change, deliver } = await listeningCache();
    const since = cache.begin();
    change('u9');
    deliver();
    cache.store('s1', 'u1', 'stale', since);
    expect(cache.get('s1')).toBeUndefined();
    // Another instance's settle marker is no change.
    const later = cache.begin();
    cache.listener.onNotification('settle:another-instance');
    cache.store('s1', 'u1', 'fresh', later);
    expect(cache.get('s1')).toBe('fresh');
  });

  it('settles only once every change notified before has arrived', async () => {
    const { cache, change, deliver } = await listeningCache();
    cache.store('s1', 'u1', 'one', cache.begin());
    change('u1');
    let settled = false;
    const settling = cache.settle().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    deliver();
    await settling;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('stops serving and restarts the feed when its own marker does not come back', async () => {
    vi.useFakeTimers();
    const { cache, feed } = await listeningCache();
    cache.store('s1', 'u1', 'one', cache.begin());
    const settling = cache.settle();
    await vi.advanceTimersByTimeAsync(2_000);
    await settling;
    expect(cache.stats()).toEqual({ size: 0, listening: false });
    expect(feed.restarts).toBe(1);
  });

  it('forgets everything when the database does not take the marker', async () => {
    const { cache, feed } = await listeningCache();
    cache.store('s1', 'u1', 'one', cache.begin());
    feed.notify = () => Promise.reject(new Error('connection lost'));
    await cache.settle();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('holds at most its maximum, dropping the oldest first', async () => {
    const { cache } = await listeningCache(2);
    cache.store('s1', 'u1', 'one', cache.begin());
    cache.store('s2', 'u2', 'two', cache.begin());
    cache.store('s3', 'u3', 'three', cache.begin());
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, 'two', 'three']);
  });
});
