// What other modules may use of benefits (decision 064): the catalogue of a plan's benefits and live products (the
// purchases screens and the counter read it) and a plan's live discount code (the coupon link shows it).
export { findLiveProduct, listCatalogue, prepareLiveProducts, type CatalogueBenefit } from './catalogue.ts';
export { getOrCreateLiveCode } from './codes.ts';
