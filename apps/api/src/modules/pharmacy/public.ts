// What the pharmacy module offers other modules: its pharmacies and their keys, for the staff console's admins
// (decision 077), made, listed and revoked by the same functions as the `pharmacies:*` commands.
export {
  createPharmacyKey,
  insertPharmacy,
  keyEnvironmentOf,
  keyPrefixOf,
  listPharmaciesOfProgram,
  revokePharmacyKey,
} from './keys.ts';
