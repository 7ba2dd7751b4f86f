// Game options validated once, from the same docs that feed help and
// autocomplete: unknown names, wrong types, choices and ranges are refused
// with what is allowed. A choice is taken by its name as well as its id.
import { fail } from './errors.ts';
import type { OptionDoc } from './types.ts';

/** A name as typed: case, spaces, hyphens and underscores do not matter. */
const loose = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

export type RawOptions = Record<string, string | number | boolean>;

export function parseOptionsWithDocs(docs: OptionDoc[], raw: RawOptions): Record<string, string | number | boolean> {
  const names = docs.map((d) => d.name);
  for (const key of Object.keys(raw))
    if (!names.includes(key)) fail('options', `Unknown option "${key}". Options: ${names.join(', ') || 'none'}.`);
  const out: Record<string, string | number | boolean> = {};
  for (const doc of docs) {
    const value = raw[doc.name];
    const rule = doc.rule ?? 'options';
    if (value === undefined || value === '') {
      if (doc.default !== undefined) out[doc.name] = doc.default;
      continue;
    }
    if (doc.type === 'boolean') {
      if (typeof value === 'boolean') out[doc.name] = value;
      else if (/^(true|yes|on|1)$/i.test(String(value))) out[doc.name] = true;
      else if (/^(false|no|off|0)$/i.test(String(value))) out[doc.name] = false;
      else fail(rule, `${doc.name} must be true or false, not "${value}".`);
    } else if (doc.type === 'integer') {
      const count = typeof value === 'number' ? value : Number(String(value).trim());
      const min = doc.min ?? -Infinity;
      const max = doc.max ?? Infinity;
      if (!Number.isInteger(count) || count < min || count > max)
        fail(
          rule,
          `${doc.name} must be a whole number${Number.isFinite(min) ? ` from ${min}` : ''}${Number.isFinite(max) ? ` to ${max}` : ''}, not "${value}".`,
        );
      out[doc.name] = count;
    } else out[doc.name] = String(value);
    // A choice may be typed by the name people see (issue 19 §7), and still by its id.
    const named = doc.choices?.find(
      (choice) => String(choice.value) !== String(out[doc.name]) && loose(choice.name) === loose(String(value)),
    );
    if (named) out[doc.name] = named.value;
    if (doc.choices && !doc.choices.some((c) => String(c.value) === String(out[doc.name]))) {
      const names = doc.choices.map((c) => c.name);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
      fail(rule, `${doc.name} must be ${list}, not "${value}".`);
    }
  }
  return out;
}
