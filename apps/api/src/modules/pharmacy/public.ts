// What the pharmacy module offers other modules: its pharmacies and their keys, for the staff console's admins
// (decision 077), made, listed and revoked by the same functions as the `pharmacies:*` commands; and its service, whose
// purchases the demo seed records as a demo pharmacy's report (decision 089).
export {
  createPharmacyKey,
  insertPharmacy,
  keyEnvironmentOf,
  keyPrefixOf,
  listPharmaciesOfProgram,
  revokePharmacyKey,
} from './keys.ts';
export { createPharmacyService } from './service.ts';
