// What other modules may use of purchases (decision 064): the ledger of purchases and free units, which the
// pharmacy's counter writes, and the 4+1 exchange it answers with.
export { offerFor, progressOf, purchaseAmounts, readOfferLedger, type Offer } from './exchange.ts';
export {
  findPurchase,
  findRedemption,
  insertPurchase,
  insertRedemption,
  markReversed,
  readKeyEntries,
  readLedger,
  type KeyEntryRow,
  type LedgerRowKey,
  type PurchaseRow,
  type RedemptionRow,
} from './ledger.ts';
