// Reading fields of a JSON text column in SQL, the one thing SQLite and
// PostgreSQL spell differently that the store needs (the outbox looks into its
// posts). Paths are dotted names written in code ('to.roles'), never user text.
import type { SqlDialect } from './database.ts';

const checkedPath = (path: string): string[] => {
  if (!/^[a-z]+(\.[a-z]+)*$/i.test(path)) throw new Error(`Not a JSON path of names: ${path}`);
  return path.split('.');
};

/** A scalar field (string, number) comparable with a parameter; NULL when absent or null. PostgreSQL gives it as text. */
export function jsonScalar(dialect: SqlDialect, column: string, path: string): string {
  const names = checkedPath(path);
  return dialect === 'postgres' ? `(${column}::jsonb #>> '{${names.join(',')}}')` : `json_extract(${column}, '$.${names.join('.')}')`;
}

/** A field of any kind (arrays too), comparable with another such field or with jsonParameter. */
export function jsonValue(dialect: SqlDialect, column: string, path: string): string {
  const names = checkedPath(path);
  return dialect === 'postgres' ? `(${column}::jsonb #> '{${names.join(',')}}')` : `json_extract(${column}, '$.${names.join('.')}')`;
}

/** A parameter holding JSON text (compact, as JSON.stringify writes it), compared with jsonValue. */
export const jsonParameter = (dialect: SqlDialect): string => (dialect === 'postgres' ? 'CAST(? AS jsonb)' : '?');

/** A boolean field that is true. */
export function jsonTrue(dialect: SqlDialect, column: string, path: string): string {
  return `${jsonScalar(dialect, column, path)} = ${dialect === 'postgres' ? "'true'" : '1'}`;
}
