// Die-roll tables shared by every game: d6 / d10 / 2d6 lookups and
// modified-roll checks ("5 or better, +1 Captain, -1 Spy").

export interface Modifier {
  label: string;
  value: number;
}

export interface CheckResult {
  face: number;
  modified: number;
  target: number;
  success: boolean;
  modifiers: Modifier[];
  text: string;
}

/** Roll-at-or-above check with named modifiers. */
export function checkAtLeast(face: number, target: number, modifiers: Modifier[], what: string): CheckResult {
  const active = modifiers.filter((m) => m.value !== 0);
  const modified = face + active.reduce((a, m) => a + m.value, 0);
  const success = modified >= target;
  const mods = active.map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label}`).join(', ');
  return {
    face,
    modified,
    target,
    success,
    modifiers: active,
    text: `${what}: rolled ${face}${mods ? ` (${mods}) = ${modified}` : ''}, needs ${target}+ → ${success ? 'success' : 'failure'}`,
  };
}

/** A table keyed by ranges of a die result: [{min,max,value}]. */
export interface RangeRow<T> {
  min: number;
  max: number;
  value: T;
}

export class RangeTable<T> {
  constructor(
    readonly name: string,
    readonly rows: RangeRow<T>[],
  ) {
    for (const row of rows) if (row.min > row.max) throw new Error(`${name}: row ${row.min}-${row.max} is empty`);
  }

  lookup(roll: number): T {
    const min = Math.min(...this.rows.map((r) => r.min));
    const max = Math.max(...this.rows.map((r) => r.max));
    const clamped = Math.max(min, Math.min(max, roll));
    const row = this.rows.find((r) => clamped >= r.min && clamped <= r.max);
    if (!row) throw new Error(`${this.name}: no row for ${roll}`);
    return row.value;
  }
}

/** A two-way table: columns by strength (clamped to the last), rows by die face. */
export class ColumnTable {
  constructor(
    readonly name: string,
    /** Column headings, ascending (e.g. SP 1..10). */
    readonly columns: number[],
    /** rows[face] = one value per column. */
    readonly rows: Record<string, number[]>,
  ) {
    for (const [face, vals] of Object.entries(rows)) {
      if (vals.length !== columns.length) throw new Error(`${name}: row ${face} has ${vals.length} values, expected ${columns.length}`);
    }
  }

  /** Value in the last column not above `col + shift`; below the first column gives 0. */
  lookup(col: number, face: number, shift = 0): number {
    const column = col + shift;
    let idx = -1;
    for (let i = 0; i < this.columns.length; i++) if (this.columns[i] <= column) idx = i;
    if (idx < 0) return 0;
    const row = this.rows[String(face)];
    if (!row) throw new Error(`${this.name}: no row for die ${face}`);
    return row[idx];
  }
}
