// The discount code's card kept on this device, so that the coupon-code screen opens at the counter with no
// connection (decision 046). Only the cards of the codes the patient opened on this device: the code, what it is
// for and the first name; nothing else. Stored under the session's patient-data prefix, which the session store
// empties when the session ends or another account signs in; also bound to the account, so a card is never shown
// to anyone else even if it were left.
import type { DiscountCodeCard } from '@portal/contracts/benefits';
import { PATIENT_DEVICE_DATA_PREFIX, sessionStore, subjectOfSession } from '../../lib/session.ts';

const STORAGE_KEY = `${PATIENT_DEVICE_DATA_PREFIX}discount-codes`;

export interface StoredCodeCard {
  card: DiscountCodeCard;
  /** When the card came from the server (ISO). */
  savedAt: string;
}

interface Stored {
  owner: string;
  /** By the product's search slug. */
  cards: Record<string, StoredCodeCard>;
}

function readStored(): Stored | undefined {
  const owner = subjectOfSession(sessionStore.get());
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw || !owner) return undefined;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (stored.owner !== owner || typeof stored.cards !== 'object' || stored.cards === null) {
      localStorage.removeItem(STORAGE_KEY);
      return undefined;
    }
    return { owner, cards: stored.cards };
  } catch {
    return undefined;
  }
}

function write(stored: Stored) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused (a private window): the screen still works online.
  }
}

/** Keeps the card of a code the server just answered (replacing the product's older one). */
export function saveCodeCard(card: DiscountCodeCard, now = new Date()) {
  const owner = subjectOfSession(sessionStore.get());
  if (!owner) return;
  const cards = readStored()?.cards ?? {};
  write({ owner, cards: { ...cards, [card.searchQuery]: { card, savedAt: now.toISOString() } } });
}

/** The product has no code any more (the server said so): its card goes. */
export function forgetCodeCard(searchQuery: string) {
  const stored = readStored();
  if (!stored?.cards[searchQuery]) return;
  const { [searchQuery]: _gone, ...cards } = stored.cards;
  write({ ...stored, cards });
}

/** The card kept for a product, for the signed-in account only. */
export function storedCodeCard(searchQuery: string): StoredCodeCard | undefined {
  return readStored()?.cards[searchQuery];
}

/** Every card kept for the signed-in account, newest first: what the home offers while offline. */
export function storedCodeCards(): StoredCodeCard[] {
  return Object.values(readStored()?.cards ?? {}).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}
