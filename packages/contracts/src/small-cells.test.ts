// Small-cell suppression (decision 081): hand cases a reader can check, then properties over any table (fast-check):
// no shown count below 5, no line (row or column, its total included) with exactly one hidden cell, a shown cell is
// the true count, every count below 5 is hidden, and nothing is hidden in a table without a small count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isShown, shareOf, SMALL_CELL_MIN, suppressList, suppressTable, SUPPRESSED } from './small-cells.ts';

describe('small-cell suppression, by hand', () => {
  it('a country with 3 patients shows "<5" everywhere, totals included', () => {
    expect(suppressTable([[1, 2, 0]])).toEqual({
      cells: [[SUPPRESSED, SUPPRESSED, SUPPRESSED]],
      rowTotals: [SUPPRESSED],
      columnTotals: [SUPPRESSED, SUPPRESSED, SUPPRESSED],
      total: SUPPRESSED,
    });
    expect(suppressList([3])).toEqual({ cells: [SUPPRESSED], total: SUPPRESSED });
  });

  it('one small cell in a row hides the next smallest of its row and of its column', () => {
    // 3 | 10 | 20   → the 3 hides, then the 10 (its row's next smallest) and the 6 (its column's)
    // 6 | 12 | 30
    const table = suppressTable([
      [3, 10, 20],
      [6, 12, 30],
    ]);
    expect(table.cells).toEqual([
      [SUPPRESSED, SUPPRESSED, 20],
      [SUPPRESSED, SUPPRESSED, 30],
    ]);
    expect(table.rowTotals).toEqual([33, 48]);
    expect(table.columnTotals).toEqual([9, 22, 50]);
    expect(table.total).toBe(81);
  });

  it('a list with one small count hides its next smallest', () => {
    expect(suppressList([2, 7, 40])).toEqual({ cells: [SUPPRESSED, SUPPRESSED, 40], total: 49 });
    expect(suppressList([12, 7, 40])).toEqual({ cells: [12, 7, 40], total: 59 });
  });

  it('a list whose only other cell is its total hides the total', () => {
    expect(suppressList([2, 0 + 0])).toEqual({ cells: [SUPPRESSED, SUPPRESSED], total: SUPPRESSED });
    expect(suppressList([2, 9])).toEqual({ cells: [SUPPRESSED, SUPPRESSED], total: 11 });
  });

  it('a share of hidden counts is unknown', () => {
    expect(shareOf(SUPPRESSED, 10)).toBeNull();
    expect(shareOf(5, 10)).toBe(0.5);
    expect(shareOf(0, 0)).toBeNull();
  });
});

const tables = fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })).chain(([rows, columns]) =>
  fc.array(
    fc.array(fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 60 })), {
      minLength: columns,
      maxLength: columns,
    }),
    { minLength: rows, maxLength: rows },
  ),
);

/** The table with its totals, shown and true, line by line (rows then columns, each total last). */
function linesOf(counts: number[][]) {
  const table = suppressTable(counts);
  const shown = [...table.cells.map((row, r) => [...row, table.rowTotals[r]!]), [...table.columnTotals, table.total]];
  const rows = shown.map((row) => row);
  const columns = shown[0]!.map((_, c) => shown.map((row) => row[c]!));
  return [...rows, ...columns];
}

describe('small-cell suppression, properties', () => {
  it('no shown count is below 5, and every count below 5 is hidden', () => {
    fc.assert(
      fc.property(tables, (counts) => {
        const table = suppressTable(counts);
        const all = [...table.cells.flat(), ...table.rowTotals, ...table.columnTotals, table.total];
        expect(all.every((cell) => !isShown(cell) || cell >= SMALL_CELL_MIN)).toBe(true);
        counts.forEach((row, r) =>
          row.forEach((count, c) => {
            if (count < SMALL_CELL_MIN) expect(table.cells[r]![c]).toBe(SUPPRESSED);
          }),
        );
      }),
    );
  });

  it('no row or column holds exactly one hidden cell (its total included)', () => {
    fc.assert(
      fc.property(tables, (counts) => {
        for (const line of linesOf(counts)) expect(line.filter((cell) => !isShown(cell)).length).not.toBe(1);
      }),
    );
  });

  it('a shown cell is the true count, and each shown total is the sum of its counts', () => {
    fc.assert(
      fc.property(tables, (counts) => {
        const table = suppressTable(counts);
        counts.forEach((row, r) => {
          row.forEach((count, c) => {
            const cell = table.cells[r]![c]!;
            if (isShown(cell)) expect(cell).toBe(count);
          });
          const total = table.rowTotals[r]!;
          if (isShown(total)) expect(total).toBe(row.reduce((a, b) => a + b, 0));
        });
      }),
    );
  });

  it('only adds to the primary suppression: a count hidden is below 5 or hidden to protect one in its line', () => {
    // What "monotone" holds here: the hidden set only grows while the rule runs (a hidden cell is never shown again),
    // so the result hides every count below 5 and more only where a line would otherwise hold one hidden cell.
    fc.assert(
      fc.property(tables, (counts) => {
        const table = suppressTable(counts);
        const hiddenAboveMin = counts.flatMap((row, r) =>
          row.filter((count, c) => count >= SMALL_CELL_MIN && !isShown(table.cells[r]![c]!)),
        );
        const primary = counts.flat().filter((count) => count < SMALL_CELL_MIN).length;
        if (primary === 0) expect(hiddenAboveMin).toEqual([]);
      }),
    );
  });
});
