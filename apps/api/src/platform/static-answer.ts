// An answer that never changes while the process runs, prepared once: its bytes, a strong ETag, and its gzip and
// brotli copies when it is worth compressing. A return visit revalidates with If-None-Match and gets a 304.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compression saves less than the header it costs (the same threshold as @fastify/compress's). */
const COMPRESS_OVER_BYTES = 1024;

export interface StaticAnswer {
  body: Buffer;
  type: string;
  etag: string;
  /** Present when the body is text over COMPRESS_OVER_BYTES and compression made it smaller. */
  br?: Buffer;
  gzip?: Buffer;
}

/** A strong ETag of the bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** `brotliQuality`: 11 (the smallest) for what is made once at start, lower for what is made again while serving. */
export function staticAnswer(
  content: string | Buffer,
  type: string,
  { brotliQuality = 11 }: { brotliQuality?: number } = {},
): StaticAnswer {
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  const answer: StaticAnswer = { body, type, etag: etagOf(body) };
  const textual = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/.test(type);
  if (textual && body.length > COMPRESS_OVER_BYTES) {
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gzip = gzipSync(body, { level: 9 });
    if (br.length < body.length) answer.br = br;
    if (gzip.length < body.length) answer.gzip = gzip;
  }
  return answer;
}

/** The codings the request accepts (q=0 excluded). */
function accepted(request: FastifyRequest): Set<string> {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const codings = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) codings.add(name);
  }
  return codings;
}

/** True when If-None-Match names this ETag (or is `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** Sends a prepared answer: 304 when the client holds it, else the smallest coding it accepts. */
export function sendStaticAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: StaticAnswer,
  cacheControl: string,
): FastifyReply {
  void reply.header('etag', answer.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (matches(request, answer.etag)) return reply.code(304).send();
  void reply.type(answer.type);
  const codings = accepted(request);
  if (answer.br && codings.has('br')) return reply.header('content-encoding', 'br').send(answer.br);
  if (answer.gzip && (codings.has('gzip') || codings.has('*')))
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.body);
}
