// The recovery link's check as a query (the new-password screen). Apart from recovery-api.ts, which the login
// route's forgot-password dialog loads: that route's bundle stays as it is (decisions 021, 029).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RecoveryLinkSchema } from '@portal/contracts/identity';

type RecoveryLink = z.output<typeof RecoveryLinkSchema>;
import { verifyRecoveryLink } from './recovery-api.ts';

/** Answers the e-mail the link was sent to; a 4xx means the link is used or expired. */
export const recoveryLinkQuery = (link: RecoveryLink | undefined) =>
  queryOptions({
    queryKey: ['recovery-link', link?.n ?? ''],
    queryFn: () => verifyRecoveryLink(link!.n, link!.s),
    enabled: link !== undefined,
    retry: false,
    staleTime: Infinity,
  });
