// /coupon?pp&sp&gb&iumb&e&s: the coupon link the call center sends (decision 047). Public: the link's signature is its
// credential. The link's parameters are read once and passed on as they are; the server checks them all and answers
// the coupon or one error for every refusal.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryRegion } from '../../components/ui/query-region.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { couponQuery, isRefusedLink, type CouponLinkParams } from '../../features/coupon/api/coupon-api.ts';
import { CouponCard } from '../../features/coupon/components/coupon-card.tsx';
import { CouponError } from '../../features/coupon/components/coupon-error.tsx';
import { useT } from '../../program/use-t.ts';
import { AppPage } from '../layouts/app-page.tsx';
import '../../features/coupon/coupon.css';

const LINK_PARAMETERS = ['pp', 'sp', 'gb', 'iumb', 'e', 's'] as const;

function linkOf(params: URLSearchParams): CouponLinkParams | undefined {
  const entries = LINK_PARAMETERS.map((name) => [name, params.get(name)] as const);
  if (entries.some(([, value]) => !value)) return undefined;
  return Object.fromEntries(entries) as CouponLinkParams;
}

function CouponOfLink({ link }: { link: CouponLinkParams }) {
  const t = useT();
  const coupon = useQuery(couponQuery(link));
  if (isRefusedLink(coupon.error)) return <CouponError details={coupon.error.error?.details} />;
  return (
    <QueryRegion query={coupon} loading={<Skeleton lines={4} label={t('coupon.loading')} />}>
      {(data) => <CouponCard coupon={data} />}
    </QueryRegion>
  );
}

export default function CouponScreen() {
  const t = useT();
  const [params] = useSearchParams();
  // Read once: the coupon stays what the link named even if the address bar changes.
  const [link] = useState(() => linkOf(params));
  return <AppPage title={t('coupon.title')}>{link ? <CouponOfLink link={link} /> : <CouponError />}</AppPage>;
}
