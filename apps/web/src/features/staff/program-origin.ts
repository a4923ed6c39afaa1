// Programs are per host (`alivio.localhost:3000`, `piel.portal.example`): the staff console of another program is on
// that program's host. The API builds its links the same way from PUBLIC_URL (platform/mail/render.ts).

/**
 * The origin of program `slug`, from this page's location and the slug of the program it serves: the host's first
 * label swapped, or the slug put before a host that names no program. Undefined on an IP address (no subdomains).
 */
export function programOriginOf(
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>,
  currentSlug: string,
  slug: string,
): string | undefined {
  const { protocol, hostname, port } = location;
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')) return undefined;
  const base = hostname.startsWith(`${currentSlug}.`) ? hostname.slice(currentSlug.length + 1) : hostname;
  return `${protocol}//${slug}.${base}${port ? `:${port}` : ''}`;
}
