// Game options validated once, from the same docs that feed help and
// autocomplete: unknown names, wrong types, choices and ranges are refused
// with what is allowed.
import { fail } from './errors.ts';
import type { OptionDoc } from './types.ts';

export type RawOptions = Record<string, string | number | boolean>;

export function parseOptionsWithDocs(docs: OptionDoc[], raw: RawOptions): Record<string, string | number | boolean> {
  const names = docs.map((d) => d.name);
  for (const k of Object.keys(raw))
    if (!names.includes(k)) fail('options', `Unknown option "${k}". Options: ${names.join(', ') || 'none'}.`);
  const out: Record<string, string | number | boolean> = {};
  for (const d of docs) {
    const v = raw[d.name];
    const rule = d.rule ?? 'options';
    if (v === undefined || v === '') {
      if (d.default !== undefined) out[d.name] = d.default;
      continue;
    }
    if (d.type === 'boolean') {
      if (typeof v === 'boolean') out[d.name] = v;
      else if (/^(true|yes|on|1)$/i.test(String(v))) out[d.name] = true;
      else if (/^(false|no|off|0)$/i.test(String(v))) out[d.name] = false;
      else fail(rule, `${d.name} must be true or false, not "${v}".`);
    } else if (d.type === 'integer') {
      const n = typeof v === 'number' ? v : Number(String(v).trim());
      const lo = d.min ?? -Infinity;
      const hi = d.max ?? Infinity;
      if (!Number.isInteger(n) || n < lo || n > hi)
        fail(
          rule,
          `${d.name} must be a whole number${Number.isFinite(lo) ? ` from ${lo}` : ''}${Number.isFinite(hi) ? ` to ${hi}` : ''}, not "${v}".`,
        );
      out[d.name] = n;
    } else out[d.name] = String(v);
    if (d.choices && !d.choices.some((c) => String(c.value) === String(out[d.name]))) {
      const names = d.choices.map((c) => (c.name === String(c.value) ? c.name : `${c.value} (${c.name})`));
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
      fail(rule, `${d.name} must be ${list}, not "${v}".`);
    }
  }
  return out;
}
