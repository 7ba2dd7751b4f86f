// The WK4 battle tables (data/wk4/tables.json) read through the engine's
// table helpers: the bombardment and pursuit tables are ColumnTables by total
// combat value; the main, siege and naval tables are ratio charts whose cells
// read "attacker % / defender %" with R on the side that retreats.
import { ColumnTable } from '../../engine/tables.ts';
import { TABLES, type CrtTable } from './data.ts';

export type Chart = 'main' | 'siege' | 'naval';

export interface CrtResult {
  /** Percent of the defender's combat value the attacker loses in steps (0: "-"). */
  attackerPct: number;
  defenderPct: number;
  /** Who retreats (the R). */
  retreat: 'attacker' | 'defender';
  cell: string;
}

export const bombardmentTable = new ColumnTable('WK4 Stage One', TABLES.bombardment.columns, TABLES.bombardment.rows);
export const pursuitTable = new ColumnTable('WK4 Stage Three', TABLES.pursuit.columns, TABLES.pursuit.rows);
export const EVACUATION_PER_D10 = TABLES.siege.evacuationPerD10;

const charts: Record<Chart, CrtTable> = { main: TABLES.main, siege: TABLES.siege, naval: TABLES.naval };

export function chartColumns(chart: Chart): string[] {
  return charts[chart].columns;
}

/**
 * The column of a ratio attacker:defender, before shifts: odds are rounded in
 * the defender's favour (7:2 is 3:1, 2:3 is 1:2), beyond the chart's ends the
 * last column (our reading: the text gives no rounding rule).
 */
export function ratioColumn(chart: Chart, att: number, def: number): number {
  const cols = charts[chart].columns;
  const even = cols.indexOf('1:1');
  if (def <= 0) return 0;
  if (att <= 0) return cols.length - 1;
  if (att >= def) return Math.max(0, even - (Math.floor(att / def) - 1));
  return Math.min(cols.length - 1, even + (Math.ceil(def / att) - 1));
}

export function parseCell(cell: string): CrtResult {
  const [a, d] = cell.split('/');
  const pct = (x: string) => (x === '-' ? 0 : Number(x.replace('R', '')));
  return { attackerPct: pct(a), defenderPct: pct(d), retreat: a.endsWith('R') ? 'attacker' : 'defender', cell: cell.replace('/', ' / ') };
}

/** Look up a 2d6 total in a column (clamped to the chart). */
export function crt(chart: Chart, column: number, roll: number): CrtResult {
  const t = charts[chart];
  const c = Math.max(0, Math.min(t.columns.length - 1, column));
  const row = t.rows[String(Math.max(2, Math.min(12, roll)))];
  return parseCell(row[c]);
}
