// Purchases' part of the patient's data (decisions 033, 059, 061): the purchases and free units the pharmacies
// recorded with the patient's codes, and the refill reminders made from them. The export shows all three; the purge
// keeps the pharmacy's accounts and deletes the reminders.
import { eq, inArray } from 'drizzle-orm';
import { pharmacy, product, purchase, redemption, refillReminder } from '../../db/schema.ts';
import { pickColumns } from '../../platform/pick-columns.ts';
import { datesAsText, definePatientData } from '../../platform/patient-data.ts';
import { ofPatientPlans } from '../patients/public.ts';

/** What the export gives of each table, column by column and in its order: a new column stays out until named here. */
const EXPORT_COLUMNS = {
  purchases: {
    ...pickColumns(product, ['medicine']),
    pharmacy: pharmacy.name,
    ...pickColumns(purchase, [
      'receiptId',
      'purchasedAt',
      'quantity',
      'unitPrice',
      'discountPercent',
      'discountAmount',
      'total',
      'currency',
      'reversedAt',
      'reversalReason',
    ]),
  },
  redemptions: {
    ...pickColumns(product, ['medicine']),
    pharmacy: pharmacy.name,
    ...pickColumns(redemption, ['receiptId', 'redeemedAt', 'uses', 'reversedAt', 'reversalReason']),
  },
  refillReminders: {
    ...pickColumns(product, ['medicine']),
    ...pickColumns(refillReminder, ['purchaseId', 'redemptionId', 'lastsUntil', 'remindOn', 'outcome', 'createdAt']),
  },
};

export const PURCHASES_PATIENT_DATA = definePatientData({
  tables: {
    purchase: {
      holds: 'patient data',
      export: 'purchases',
      purge: { kept: 'the pharmacy’s accounts: receipt, product, amounts and times under the plan, no personal value' },
    },
    redemption: {
      holds: 'patient data',
      export: 'redemptions',
      purge: { kept: 'the pharmacy’s accounts: receipt, product and times under the plan, no personal value' },
    },
    refillReminder: { holds: 'patient data', export: 'refillReminders', purge: 'deleted' },
  },
  async export(db, { patientId }) {
    const purchases = await ofPatientPlans(
      db
        .select(EXPORT_COLUMNS.purchases)
        .from(purchase)
        .innerJoin(pharmacy, eq(pharmacy.id, purchase.pharmacyId))
        .$dynamic(),
      purchase,
      patientId,
    );
    const redemptions = await ofPatientPlans(
      db
        .select(EXPORT_COLUMNS.redemptions)
        .from(redemption)
        .innerJoin(pharmacy, eq(pharmacy.id, redemption.pharmacyId))
        .$dynamic(),
      redemption,
      patientId,
    );
    const refillReminders = await ofPatientPlans(
      db.select(EXPORT_COLUMNS.refillReminders).from(refillReminder).$dynamic(),
      refillReminder,
      patientId,
    );
    return {
      purchases: purchases.map(datesAsText),
      redemptions: redemptions.map(datesAsText),
      refillReminders: refillReminders.map(datesAsText),
    };
  },
  async purge(tx, { planPatientIds }) {
    if (planPatientIds.length === 0) return;
    // The refill reminders go: when a patient's medicine ran out is theirs, and no pharmacy's account needs it
    // (decision 061; the purchases they were made for stay, decision 059).
    await tx.delete(refillReminder).where(inArray(refillReminder.planPatientId, [...planPatientIds]));
  },
});
