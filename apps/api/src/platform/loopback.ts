// Development-only routes (the dev mailbox) answer loopback peers only, whatever address the server listens on.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  return bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

/**
 * Whether the TCP peer is this machine and no proxy says it forwards someone else. The socket's address, not
 * request.ip: with TRUST_PROXY, request.ip comes from X-Forwarded-For, which any client can write; and a reverse
 * proxy on the same machine is a loopback peer, so a forwarded request is refused even from loopback.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && isLoopbackAddress(request.raw.socket.remoteAddress);
}

/** onRequest hook of a development-only route: any other peer gets the same 404 as a route that does not exist. */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (!isLoopbackRequest(request)) return notFound(reply);
}
