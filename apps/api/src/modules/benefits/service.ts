// Benefit rules (decision 045): what the program gives the caller for each product of their live treatments, and the
// plan's general benefits, in the plan's country; a discount code per plan and product for the products with a
// pharmacy benefit (a discount or the 4+1), made idempotently, renewed in one transaction, audited (ids only: a
// code is never written to the audit trail nor to a log line).
import type {
  BenefitKind,
  BenefitView,
  BenefitsOverview,
  DiscountCodeCard,
  DiscountCodeView,
} from '@portal/contracts/benefits';
import { formatDiscountCode } from '@portal/contracts/discount-code';
import type { CountryCode } from '@portal/contracts/enums';
import { todayInCountry } from '@portal/contracts/time-zones';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CareCall, PatientScope } from '../../platform/patient-auth.ts';
import { recordScopeAudit } from '../../platform/audit.ts';
import {
  findLiveCode,
  getOrCreateLiveCode,
  listLiveProductCodes,
  renewLiveCode,
  type DiscountCodeRow,
} from './codes.ts';
import * as repo from './repository.ts';

export interface BenefitsDeps {
  db: Db;
  clock: () => Date;
  /** Called once a code made or renewed has committed (not when the live code is answered again): the metrics. */
  onCodeIssued?: (programId: number) => void;
}

/** The kinds a pharmacy applies at its counter with the patient's code. */
const PHARMACY_KINDS: ReadonlySet<BenefitKind> = new Set(['discount', 'preventive4plus1']);

export function toBenefitView(row: repo.CatalogueBenefit): BenefitView {
  return { id: row.id, kind: row.kind, texts: row.texts, discountPercent: row.discountPercent };
}

export function toDiscountCodeView(row: DiscountCodeRow): DiscountCodeView {
  return {
    code: formatDiscountCode(row.code),
    validUntil: String(row.validUntil).slice(0, 10),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export function createBenefitsService({ db, clock, onCodeIssued }: BenefitsDeps) {
  const liveProducts = repo.prepareLiveProducts(db);

  /** The catalogue of the caller's plan country, and today in the patient's country. */
  async function contextOf(scope: PatientScope) {
    const plan = await repo.findSupportPlan(db, scope.programId, scope.supportPlanId);
    if (!plan) throw new AppError('NOT_FOUND');
    const catalogue = (await repo.listCatalogue(db, scope.programId)).filter((entry) =>
      entry.countries.includes(plan.country),
    );
    return { catalogue, today: todayInCountry(scope.country as CountryCode, clock()) };
  }

  /**
   * The product of one of the caller's live treatments that has a pharmacy benefit in the plan's country, with those
   * benefits: anything else (another patient's product, another program's, a product with no such benefit) is 404.
   */
  async function codeProductOf(executor: Executor, scope: PatientScope, productId: number) {
    const product = await repo.findLiveProduct(executor, scope.planPatientId, productId);
    if (!product) throw new AppError('NOT_FOUND');
    const { catalogue, today } = await contextOf(scope);
    const benefits = catalogue.filter(
      (entry) => PHARMACY_KINDS.has(entry.kind) && entry.productIds.includes(productId),
    );
    if (benefits.length === 0) throw new AppError('NOT_FOUND');
    return { product, benefits, today };
  }

  async function cardOf(
    scope: PatientScope,
    { product, benefits }: Awaited<ReturnType<typeof codeProductOf>>,
    row: DiscountCodeRow,
  ): Promise<DiscountCodeCard> {
    const percents = benefits.flatMap((entry) => (entry.discountPercent === null ? [] : [entry.discountPercent]));
    return {
      productId: product.id,
      searchQuery: product.searchQuery ?? String(product.id),
      medicine: product.medicine,
      presentation: product.presentation,
      discountPercent: percents.length > 0 ? Math.max(...percents) : null,
      benefits: benefits.map(toBenefitView),
      patientFirstName: (await repo.findFirstName(db, scope.patientId)) ?? '',
      code: toDiscountCodeView(row),
    };
  }

  const targetOf = (scope: PatientScope, productId: number) => ({
    programId: scope.programId,
    planPatientId: scope.planPatientId,
    productId,
  });

  return {
    async overview(scope: PatientScope): Promise<BenefitsOverview> {
      const [{ catalogue, today }, products] = await Promise.all([contextOf(scope), liveProducts(scope.planPatientId)]);
      const codes = new Map(
        (await listLiveProductCodes(db, scope.programId, scope.planPatientId, today)).map((row) => [
          row.productId,
          row,
        ]),
      );
      return {
        products: products.map((product) => {
          const code = codes.get(product.id);
          return {
            productId: product.id,
            searchQuery: product.searchQuery ?? String(product.id),
            medicine: product.medicine,
            presentation: product.presentation,
            benefits: catalogue.filter((entry) => entry.productIds.includes(product.id)).map(toBenefitView),
            code: code ? toDiscountCodeView(code) : null,
          };
        }),
        general: catalogue.filter((entry) => entry.kind === 'general').map(toBenefitView),
      };
    },

    /** The live code of the product (404 when none was made, or it is not the caller's to have). */
    async getCode(scope: PatientScope, productId: number): Promise<DiscountCodeCard> {
      const found = await codeProductOf(db, scope, productId);
      const row = await findLiveCode(db, targetOf(scope, productId), found.today);
      if (!row) throw new AppError('NOT_FOUND');
      return cardOf(scope, found, row);
    },

    /** The live code of the product, made if there is none: any number of calls, one code. */
    async ensureCode(
      { scope, actor }: CareCall,
      productId: number,
    ): Promise<{ card: DiscountCodeCard; created: boolean }> {
      const found = await codeProductOf(db, scope, productId);
      const now = clock();
      const live = await db.transaction(async (t) => {
        const made = await getOrCreateLiveCode(t, targetOf(scope, productId), now);
        if (!made) throw new AppError('NOT_FOUND');
        if (made.created)
          await recordScopeAudit(t, scope, actor, {
            action: 'discount-code-created',
            subject: `discount-code:${made.row.id}`,
            detail: { productId },
            createdAt: now,
          });
        return made;
      });
      if (live.created) onCodeIssued?.(scope.programId);
      return { card: await cardOf(scope, found, live.row), created: live.created };
    },

    /** A new code for the product; the old one stops at once (the same transaction revokes it). */
    async renewCode({ scope, actor }: CareCall, productId: number): Promise<DiscountCodeCard> {
      const found = await codeProductOf(db, scope, productId);
      const now = clock();
      const row = await db.transaction(async (t) => {
        const renewal = await renewLiveCode(t, targetOf(scope, productId), now);
        if (!renewal) throw new AppError('NOT_FOUND');
        const { revoked, renewed } = renewal;
        if (renewed.created)
          await recordScopeAudit(t, scope, actor, {
            action: revoked ? 'discount-code-renewed' : 'discount-code-created',
            subject: `discount-code:${renewed.row.id}`,
            detail: revoked ? { productId, replaces: `discount-code:${revoked.id}` } : { productId },
            createdAt: now,
          });
        return renewed;
      });
      if (row.created) onCodeIssued?.(scope.programId);
      return cardOf(scope, found, row.row);
    },
  };
}

export type BenefitsService = ReturnType<typeof createBenefitsService>;
