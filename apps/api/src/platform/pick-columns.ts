// A read that names the columns it gives, in their order: nothing leaks by accident when a table gains a column
// (the data export, decision 018), and each column is written once, not as `name: table.name`.
import { getTableColumns, type Table } from 'drizzle-orm';

/** The named columns of `table`, in the order named, for `db.select(…)`. */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], K>;
}
