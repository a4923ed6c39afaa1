// To the program's admins: a pharmacy key looked patients up by identification too often (decision 066).
import { z } from 'zod';
import { defineMailKind } from '../../platform/mail/kinds.ts';

export const PHARMACY_LOOKUP_ALERT = defineMailKind({
  name: 'pharmacy-lookup-alert',
  // The pharmacy, its key's prefix and what it reached: never an identification it tried.
  payload: z
    .object({
      pharmacy: z.string().min(1).max(300),
      keyPrefix: z.string().min(1).max(40),
      reason: z.enum(['misses', 'dailyCap']),
    })
    .catchall(z.string()),
  texts: { subject: 'pharmacy.mail.lookupAlert.subject', body: 'pharmacy.mail.lookupAlert.body' },
});
