// The writes every repository repeats, one definition for every table with an `id`: insert one row and get its
// id; change or delete the one row a condition names (the condition scopes it to the caller) and say whether it did.
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './db.ts';

type TableWithId = PgTable & { id: AnyPgColumn };

/** drizzle's `and()` may answer no condition; a change without one would reach every row of the table. */
function requireCondition(where: SQL | undefined): SQL {
  if (!where) throw new Error('a write of one row needs the condition that names it');
  return where;
}

/** Inserts one row and answers its id. */
export async function insertReturningId<T extends TableWithId>(
  db: Executor,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['id']['_']['data']> {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  return row!.id;
}

/** Changes the one row `where` names; false when none matched (not the caller's, or gone). */
export async function updateOneWhere<T extends TableWithId>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const rows = await db.update(table).set(values).where(requireCondition(where)).returning({ id: table.id });
  return rows.length === 1;
}

/** Deletes the one row `where` names; false when none matched. */
export async function deleteOneWhere<T extends TableWithId>(
  db: Executor,
  table: T,
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await db.delete(table).where(requireCondition(where)).returning({ id: table.id });
  return rows.length === 1;
}

/**
 * The changes of one row by its owner's id and its own: `scope(ownerId, id)` names the row only when it is the
 * owner's (the patient's caregiver, the plan's live treatment), so a change by id cannot forget it.
 */
export function ownedRowWrites<T extends TableWithId>(
  table: T,
  scope: (ownerId: number, id: number) => SQL | undefined,
) {
  return {
    update: (db: Executor, ownerId: number, id: number, values: PgUpdateSetSource<T>): Promise<boolean> =>
      updateOneWhere(db, table, scope(ownerId, id), values),
    delete: (db: Executor, ownerId: number, id: number): Promise<boolean> =>
      deleteOneWhere(db, table, scope(ownerId, id)),
  };
}
