// What other modules may use of coupon links (decision 064): issuing one, as `coupons:link` does, from the console's
// record (decision 078), with the catalogue's sources and the refusal it throws.
export { CouponLinkRefused, issueCouponLink } from './issue.ts';
export { couponSources } from './sources.ts';
