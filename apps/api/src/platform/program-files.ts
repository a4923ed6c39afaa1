// Reads (and caches) a program's static file, validated by its contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

const cache = new Map<string, unknown>();

export function readProgramFile<T>(programsDir: string, slug: string, file: string, schema: z.ZodType<T>): T {
  const full = path.join(programsDir, slug, file);
  if (!cache.has(full)) cache.set(full, schema.parse(JSON.parse(readFileSync(full, 'utf8'))));
  return cache.get(full) as T;
}
