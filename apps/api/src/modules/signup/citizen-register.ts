// Costa Rica's citizen register behind an adapter: a local register of demo citizens by default, the real
// register over HTTP when CITIZEN_REGISTER_URL is set. Only cédulas (type IDENTIFICATION) are looked up.
import { CitizenSchema, type Citizen } from '@portal/contracts/signup';
import type { IdentificationType } from '@portal/contracts/enums';
import { AppError } from '../../platform/errors.ts';
import { DEMO_CITIZENS } from './data/demo-citizens.ts';

export interface CitizenRegister {
  /** The citizen with this document, or undefined when the register does not know it. Throws when the register cannot answer. */
  lookup(type: IdentificationType, number: string): Promise<Citizen | undefined>;
}

export function createLocalCitizenRegister(citizens: readonly Citizen[] = DEMO_CITIZENS): CitizenRegister {
  const byNumber = new Map(
    citizens.map((citizen) => [`${citizen.typeIdentification}:${citizen.legalIdentification}`, citizen]),
  );
  return {
    async lookup(type, number) {
      return byNumber.get(`${type}:${number}`);
    },
  };
}

/**
 * The real register: GET {baseUrl}/{type}/{number} answering a Citizen (200) or 404. Any other answer,
 * a malformed body or no answer within the time-out is SERVICE_UNAVAILABLE (the wizard lets the user type).
 */
export function createHttpCitizenRegister(
  baseUrl: string,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): CitizenRegister {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async lookup(type, number) {
      let response: Response;
      try {
        response = await fetchImpl(`${base}/${encodeURIComponent(type)}/${encodeURIComponent(number)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      if (response.status === 404) return undefined;
      if (!response.ok) throw new AppError('SERVICE_UNAVAILABLE');
      const parsed = CitizenSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new AppError('SERVICE_UNAVAILABLE');
      return parsed.data;
    },
  };
}
