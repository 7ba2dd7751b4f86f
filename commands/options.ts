// The command path (/kpw move step) and typed option values. Discord sends
// values already typed and in range; the offline table sends text, so both
// are checked here, once, before any handler runs: a malformed value is a
// private error that says what is allowed and changes nothing.
import { echo } from '../src/messages/text.ts';
import { UserError } from '../src/messages/user-error.ts';
import type { CommandDef, OptionDef, SubcommandDef } from './types.ts';

export type OptionValues = Record<string, string | number | boolean>;

/** "move step" for a grouped subcommand, "step" otherwise. */
export const pathOf = (sub: Pick<SubcommandDef, 'group' | 'name'>): string => (sub.group ? `${sub.group} ${sub.name}` : sub.name);

/** How a person types the subcommand where Discord shows it: "/mod result", "/kpw move step". */
export function slashPath(command: { name: string }, sub: Pick<SubcommandDef, 'group' | 'name'> & { shownIn?: string }): string {
  return `/${sub.shownIn ?? command.name} ${pathOf(sub)}`;
}

/**
 * The subcommand an invocation names. Names are unique within a command, so a
 * missing group is accepted (the table's flat alias, e.g. `/kpw step`); a wrong
 * one is refused with the right path. Undefined when the name is unknown.
 */
export function findSub(def: CommandDef, group: string | undefined, sub: string): SubcommandDef | undefined {
  const subcommand = def.subcommands.find((x) => x.name === sub);
  if (!subcommand) {
    const inGroup = def.subcommands.filter((x) => x.group && x.group === (group ?? sub));
    const choices = inGroup.map((x) => `/${def.name} ${pathOf(x)}`).join(', ');
    if (inGroup.length && group !== undefined)
      throw new UserError(`/${def.name} ${group} has no subcommand \`${sub}\`. It has: ${choices}.`);
    if (inGroup.length) throw new UserError(`/${def.name} ${sub} needs a subcommand: ${choices}.`);
    return undefined;
  }
  if (group !== undefined && subcommand.group !== group)
    throw new UserError(`There is no /${def.name} ${group} ${sub}; use /${def.name} ${pathOf(subcommand)}.`);
  return subcommand;
}

/** Option values converted to their declared types; refuses malformed or out-of-range values. */
export function coerceOptions(command: string, sub: SubcommandDef, options: OptionValues): OptionValues {
  const out: OptionValues = {};
  for (const [key, value] of Object.entries(options)) {
    const option = sub.options.find((x) => x.name === key);
    // `user_name` beside a user option: the display name Discord resolves itself (the table's way to give it).
    const nameOf = /^(.+)_name$/.exec(key);
    if (!option && nameOf && sub.options.some((x) => x.name === nameOf[1] && x.type === 'user')) {
      out[key] = value;
      continue;
    }
    if (!option)
      throw new UserError(
        `/${command} ${pathOf(sub)} has no option \`${key}\`. Options: ${sub.options.map((x) => x.name).join(', ') || 'none'}.`,
      );
    // Blanks and "?" (list the choices) pass through.
    out[key] =
      value === '' || (option.autocomplete && typeof value === 'string' && value.startsWith('?'))
        ? value
        : coerce(`/${command} ${pathOf(sub)}`, option, value);
  }
  return out;
}

function coerce(commandPath: string, option: OptionDef, value: string | number | boolean): string | number | boolean {
  const text = String(value).trim();
  switch (option.type) {
    case 'integer': {
      const count = typeof value === 'number' ? value : /^[-+]?\d+$/.test(text) ? Number(text) : NaN;
      const range =
        option.min !== undefined && option.max !== undefined
          ? ` from ${option.min} to ${option.max}`
          : option.min !== undefined
            ? ` of at least ${option.min}`
            : option.max !== undefined
              ? ` of at most ${option.max}`
              : '';
      if (
        !Number.isSafeInteger(count) ||
        (option.min !== undefined && count < option.min) ||
        (option.max !== undefined && count > option.max)
      ) {
        throw new UserError(
          `\`${option.name}\` must be a whole number${range}, not "${echo(text)}" (${commandPath} ${option.name}: ${option.description}). Nothing was changed.`,
        );
      }
      return count;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (/^(true|yes|on)$/i.test(text)) return true;
      if (/^(false|no|off)$/i.test(text)) return false;
      throw new UserError(
        `\`${option.name}\` must be true or false, not "${echo(text)}" (${commandPath} ${option.name}: ${option.description}). Nothing was changed.`,
      );
    case 'user':
      // Discord sends the id; at the table a name, "@name" or a <@id> mention.
      return text.replace(/^<@!?([^>]+)>$/, '$1').replace(/^@/, '');
    case 'role':
      return text.replace(/^<@&([^>]+)>$/, '$1').replace(/^@/, '');
    case 'channel':
      // Discord sends the id; at the table a name, "#name" or a <#id> mention.
      return text.replace(/^<#([^>]+)>$/, '$1').replace(/^#/, '');
    default:
      return typeof value === 'string' ? value : text;
  }
}
