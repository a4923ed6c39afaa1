// The password-recovery calls (one endpoint, three steps).
import { PasswordRecoverResponseSchema, type PasswordRecoverBody } from '@portal/contracts/identity';
import type { Language } from '@portal/contracts/enums';
import { api } from '../../../lib/api.ts';

const send = (body: PasswordRecoverBody) =>
  api.post('/api/v1/password/recover', body, {
    schema: PasswordRecoverResponseSchema.shape.data,
    skipStatusHandlers: true,
  });

export const requestRecoveryLink = (email: string, language: Language) => send({ step: 'request', email, language });

export async function verifyRecoveryLink(n: string, s: string): Promise<string> {
  const answer = await send({ step: 'verify', n, s });
  if (answer.step !== 'verify') throw new Error('unexpected answer');
  return answer.email;
}

export const resetPassword = (n: string, s: string, password: string) => send({ step: 'reset', n, s, password });
