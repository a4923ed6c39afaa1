// Which program a request belongs to: resolved from the host's first label, else the configured default.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc } from 'drizzle-orm';
import type { Db } from './db.ts';
import { program } from '../db/schema.ts';

export type ProgramRow = typeof program.$inferSelect;

export class ProgramRegistry {
  private bySlug = new Map<string, ProgramRow>();

  constructor(
    private readonly db: Db,
    private readonly defaultSlug: string,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db.select().from(program).orderBy(asc(program.id));
    this.bySlug = new Map(rows.map((row) => [row.slug, row]));
    if (!this.bySlug.has(this.defaultSlug)) {
      throw new Error(
        `DEFAULT_PROGRAM: program "${this.defaultSlug}" does not exist (known: ${[...this.bySlug.keys()].join(', ')})`,
      );
    }
  }

  all(): ProgramRow[] {
    return [...this.bySlug.values()];
  }

  get(slug: string): ProgramRow | undefined {
    return this.bySlug.get(slug);
  }

  /** `alivio.localhost` and `alivio.portal.example` -> alivio; anything else -> the default program. */
  resolveHost(hostname: string): ProgramRow {
    const firstLabel = hostname.toLowerCase().split('.')[0] ?? '';
    return this.bySlug.get(firstLabel) ?? (this.bySlug.get(this.defaultSlug) as ProgramRow);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    program: ProgramRow;
  }
}

export function registerProgramResolution(app: FastifyInstance, registry: ProgramRegistry): void {
  app.decorateRequest('program', null as unknown as ProgramRow);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.program = registry.resolveHost(request.hostname);
  });
}
