import { describe, expect, it } from 'vitest';
import { filesToKeep } from './offline-files.ts';

const here = (pathname: string) => new URL(pathname, window.location.origin).href;

describe('filesToKeep', () => {
  it('names each file once per page, though every card of the home asks as its chunk loads (decision 093)', () => {
    const first = [{ name: here('/assets/home-a.js'), workerStart: 0 }];
    expect(filesToKeep(first)).toEqual([here('/assets/home-a.js')]);
    const later = [...first, { name: here('/assets/card-b.js'), workerStart: 0 }];
    expect(filesToKeep(later)).toEqual([here('/assets/card-b.js')]);
    expect(filesToKeep(later)).toEqual([]);
  });

  it('leaves out what already passed through the worker, other origins and the patient’s own answers', () => {
    expect(
      filesToKeep([
        { name: here('/assets/kept-by-worker.js'), workerStart: 12 },
        { name: 'https://elsewhere.example/assets/x.js', workerStart: 0 },
        { name: here('/api/v1/user'), workerStart: 0 },
        { name: here('/api/v1/resource/branding'), workerStart: 0 },
        { name: here('/program/alivio/texts/text-es.json?ts=1'), workerStart: 0 },
      ]),
    ).toEqual([here('/api/v1/resource/branding'), here('/program/alivio/texts/text-es.json?ts=1')]);
    // The file the worker stored is not fetched again when it shows up without the worker later.
    expect(filesToKeep([{ name: here('/assets/kept-by-worker.js'), workerStart: 0 }])).toEqual([]);
  });
});
