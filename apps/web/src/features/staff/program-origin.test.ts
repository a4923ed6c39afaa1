import { describe, expect, it } from 'vitest';
import { programOriginOf } from './program-origin.ts';

const at = (hostname: string, port = '', protocol = 'http:') => ({ protocol, hostname, port });

describe("another program's origin", () => {
  it("swaps the host's program for the other one", () => {
    expect(programOriginOf(at('alivio.localhost', '3000'), 'alivio', 'piel')).toBe('http://piel.localhost:3000');
    expect(programOriginOf(at('alivio.portal.example', '', 'https:'), 'alivio', 'equilibrio')).toBe(
      'https://equilibrio.portal.example',
    );
  });

  it('puts the program before a host that names none, and gives none on an IP address', () => {
    expect(programOriginOf(at('localhost', '3000'), 'alivio', 'piel')).toBe('http://piel.localhost:3000');
    expect(programOriginOf(at('127.0.0.1', '3000'), 'alivio', 'piel')).toBeUndefined();
    expect(programOriginOf(at('[::1]', '3000'), 'alivio', 'piel')).toBeUndefined();
  });
});
