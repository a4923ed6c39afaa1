import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyScreen, withTimeout } from './lazy.ts';

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 120 seconds with a chunk error', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise(() => undefined));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('passes a loaded chunk through and reads failed imports as chunk errors', async () => {
    await expect(withTimeout(async () => 'ok')).resolves.toBe('ok');
    await expect(
      withTimeout(async () => {
        throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
      }),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
  });

  it('preloads a screen once, and tries a failed load again', async () => {
    const Screen = () => null;
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Screen });
    const screen = lazyScreen(load);
    await expect(screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(screen.preload()).resolves.toEqual({ default: Screen });
    await screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
