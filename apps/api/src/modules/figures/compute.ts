// The figures job's round for one program (decision 081): every figure of the program rebuilt in one transaction, each
// an INSERT … SELECT that counts in the database (the requests read only these rows, never every purchase). Months and
// weeks are UTC's; a week is named by its Monday.
import { eq, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WITHIN_DAYS, PERSISTENCE_HORIZONS } from '@portal/contracts/program-figures';
import { programFigure } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

const DAY_MS = 86_400_000;

/** The statements that fill the program's figures, each selecting (country, metric, bucket, category, value). */
function figureSelects(programId: number, now: Date): SQL[] {
  const today = now.toISOString().slice(0, 10);
  const activeSince = new Date(now.getTime() - ACTIVE_WITHIN_DAYS * DAY_MS).toISOString();
  const month = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
  const horizons = sql.join(
    PERSISTENCE_HORIZONS.map((h) => sql`(${h}::int)`),
    sql`, `,
  );
  return [
    // Enrolments per week: the patient's sign-up.
    sql`select p.country, 'enrolments', to_char(date_trunc('week', p.created_at at time zone 'UTC'), 'YYYY-MM-DD'), '',
          count(*) from patient p where p.program_id = ${programId} group by 1, 3`,
    // Active now: a purchase (not reversed) or a login in the last 90 days.
    sql`select p.country, 'active', 'now', '', count(*) from patient p
        where p.program_id = ${programId} and p.status = 'ACTIVE' and (
          exists (select 1 from purchase pu join plan_patient pp on pp.id = pu.plan_patient_id
                  where pp.patient_id = p.id and pu.reversed_at is null and pu.purchased_at >= ${activeSince}::timestamptz)
          or exists (select 1 from session s where s.user_id = p.user_id and s.last_used_at >= ${activeSince}::timestamptz))
        group by 1`,
    // PDC per product, by decile (the last one holds 100 %).
    sql`select a.country, 'pdc-decile', least(floor(a.pdc * 10), 9)::int::text, a.product_id::text, count(*)
        from adherence_summary a where a.program_id = ${programId} and a.pdc is not null group by 1, 3, 4`,
    // Persistence per monthly cohort of first supply, at each horizon that has elapsed.
    sql`select a.country, 'persistence', to_char(a.first_supply_on, 'YYYY-MM'),
          hz.h::text || case when a.persistence_ended_on is null or a.persistence_ended_on > a.first_supply_on + hz.h
            then ':persistent' else ':stopped' end, count(*)
        from adherence_summary a cross join (values ${horizons}) as hz(h)
        where a.program_id = ${programId} and a.first_supply_on is not null
          and a.first_supply_on + hz.h <= ${today}::date
        group by 1, 3, 4`,
    // Free units redeemed per month, not reversed.
    sql`select p.country, 'free-units', to_char(r.redeemed_on, 'YYYY-MM'), '', count(*)
        from redemption r join plan_patient pp on pp.id = r.plan_patient_id join patient p on p.id = pp.patient_id
        where r.program_id = ${programId} and r.reversed_at is null group by 1, 3`,
    // The patients' savings per month and currency (the discounts), and how many patients they are.
    sql`select p.country, 'savings', ${month(sql`pu.purchased_at`)}, pu.currency, sum(pu.discount_amount)
        from purchase pu join plan_patient pp on pp.id = pu.plan_patient_id join patient p on p.id = pp.patient_id
        where pu.program_id = ${programId} and pu.reversed_at is null group by 1, 3, 4`,
    sql`select p.country, 'savings-patients', ${month(sql`pu.purchased_at`)}, pu.currency, count(distinct p.id)
        from purchase pu join plan_patient pp on pp.id = pu.plan_patient_id join patient p on p.id = pp.patient_id
        where pu.program_id = ${programId} and pu.reversed_at is null group by 1, 3, 4`,
    // Appointments booked (confirmed; a move is not a new one), cancelled and missed, per month.
    sql`select p.country, 'appointments', ${month(sql`b.confirmed_at`)}, 'booked', count(*)
        from booking b join plan_patient pp on pp.id = b.plan_patient_id join patient p on p.id = pp.patient_id
        where b.program_id = ${programId} and b.confirmed_at is not null and b.replaces_id is null group by 1, 3`,
    sql`select p.country, 'appointments', ${month(sql`b.ended_at`)}, 'cancelled', count(*)
        from booking b join plan_patient pp on pp.id = b.plan_patient_id join patient p on p.id = pp.patient_id
        where b.program_id = ${programId} and b.status = 'cancelled' and b.ended_at is not null group by 1, 3`,
    // Missed: marked so by the staff (decision 085), in the month the appointment was.
    sql`select p.country, 'appointments', ${month(sql`b.starts_at`)}, 'missed', count(*)
        from booking b join plan_patient pp on pp.id = b.plan_patient_id join patient p on p.id = pp.patient_id
        where b.program_id = ${programId} and b.status = 'missed' group by 1, 3`,
    // Lessons completed per month.
    sql`select p.country, 'lessons', ${month(sql`lp.completed_at`)}, '', count(*)
        from lesson_progress lp join patient p on p.id = lp.patient_id
        where lp.program_id = ${programId} group by 1, 3`,
    // Outreach calls' outcomes per month, and why patients stopped.
    sql`select o.country, 'outreach', ${month(sql`o.at`)}, o.outcome, count(*)
        from outreach_outcome o where o.program_id = ${programId} group by 1, 3, 4`,
    sql`select o.country, 'outreach-stop', ${month(sql`o.at`)}, o.stop_reason, count(*)
        from outreach_outcome o where o.program_id = ${programId} and o.outcome = 'stopped'
          and o.stop_reason is not null group by 1, 3, 4`,
  ];
}

/** Rebuilds the program's figures at `now`; answers how many rows it wrote. */
export async function computeProgramFigures(db: Db, programId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from program_figure where program_id = ${programId}`);
    for (const select of figureSelects(programId, now)) {
      await tx.execute(sql`insert into program_figure (country, metric, bucket, category, value, program_id, computed_at)
        select f.*, ${programId}::int, ${now.toISOString()}::timestamptz from (${select}) as f`);
    }
    return tx.$count(programFigure, eq(programFigure.programId, programId));
  });
}
