// Small-cell suppression for tables of patient counts (decision 081). Pure, without zod: the server applies it to
// every figure it answers, the web only shows what it got. A count below 5 (0 included) shows as "<5"; and no hidden
// count may be worked back from its row's or its column's total: a line (a row or a column, its total included) with
// exactly one hidden cell hides its next smallest cell too, until no line has exactly one. A total below 5 is hidden.

/** The least count shown: below it a count of patients shows as "<5". */
export const SMALL_CELL_MIN = 5;
/** What a hidden count shows. */
export const SUPPRESSED = '<5' as const;
export type Cell = number | typeof SUPPRESSED;

/** A table of counts once suppressed: its cells, each row's and each column's total, and the grand total. */
export interface SuppressedTable {
  cells: Cell[][];
  rowTotals: Cell[];
  columnTotals: Cell[];
  total: Cell;
}

/** Whether a cell is shown (a number) rather than hidden. */
export const isShown = (cell: Cell): cell is number => cell !== SUPPRESSED;

/**
 * Suppresses a table of patient counts (rows × columns of non-negative integers; every row as long as the first).
 * The totals are the sums of the counts given. Primary suppression hides every count below 5; complementary
 * suppression then hides, in every line (row or column with its total) holding exactly one hidden cell, the smallest
 * shown cell of that line other than the total (the total itself when no other is left), repeated until stable.
 */
export function suppressTable(counts: readonly (readonly number[])[]): SuppressedTable {
  const rows = counts.length;
  const columns = rows === 0 ? 0 : counts[0]!.length;
  // The table with its totals: row `rows` holds the columns' totals, column `columns` the rows' totals.
  const grid: number[][] = counts.map((row) => [...row, row.reduce((sum, value) => sum + value, 0)]);
  const totalsRow: number[] = [];
  for (let c = 0; c <= columns; c++) totalsRow.push(grid.reduce((sum, row) => sum + row[c]!, 0));
  grid.push(totalsRow);
  const hidden = grid.map((row) => row.map((value) => value < SMALL_CELL_MIN));

  // Each line: its cells' coordinates, its total last.
  const lines: [number, number][][] = [];
  for (let r = 0; r <= rows; r++) lines.push(Array.from({ length: columns + 1 }, (_, c) => [r, c]));
  for (let c = 0; c <= columns; c++) lines.push(Array.from({ length: rows + 1 }, (_, r) => [r, c]));

  let changed = true;
  while (changed) {
    changed = false;
    for (const line of lines) {
      if (line.filter(([r, c]) => hidden[r]![c]).length !== 1) continue;
      const cells = line.slice(0, -1).filter(([r, c]) => !hidden[r]![c]);
      const candidates = cells.length > 0 ? cells : line.slice(-1);
      const [r, c] = candidates.reduce((least, cell) =>
        grid[cell[0]]![cell[1]]! < grid[least[0]]![least[1]]! ? cell : least,
      );
      if (hidden[r]![c]) continue;
      hidden[r]![c] = true;
      changed = true;
    }
  }

  const shown = (r: number, c: number): Cell => (hidden[r]![c] ? SUPPRESSED : grid[r]![c]!);
  return {
    cells: counts.map((row, r) => row.map((_, c) => shown(r, c))),
    rowTotals: counts.map((_, r) => shown(r, columns)),
    columnTotals: Array.from({ length: columns }, (_, c) => shown(rows, c)),
    total: shown(rows, columns),
  };
}

/** One list of counts (a column) with its total: the same rule, one line. */
export function suppressList(counts: readonly number[]): { cells: Cell[]; total: Cell } {
  const table = suppressTable(counts.map((count) => [count]));
  return { cells: table.cells.map((row) => row[0]!), total: table.total };
}

/** A share (0..1) of a count over its whole, or null when either is hidden or the whole is 0. */
export function shareOf(part: Cell, whole: Cell): number | null {
  if (!isShown(part) || !isShown(whole) || whole === 0) return null;
  return part / whole;
}
