// A subcommand whose paragraph option (a whole plan, an order sheet) was left
// out opens a modal with a paragraph field for it (issue 9). Submitting it
// runs the subcommand with the text, through the same path as any command.
// Everything the submission needs rides in the modal's custom id, so a
// restart in between loses nothing.
import { ActionRowBuilder, ModalBuilder, TextInputBuilder, TextInputStyle, type ModalSubmitInteraction } from 'discord.js';
import type { CommandDef, OptionDef } from '../../commands/types.ts';
import type { OptionValues } from './invocation.ts';

/** Discord: custom ids ≤ 100, modal titles ≤ 45, field labels ≤ 45, placeholders ≤ 100, a text input ≤ 4000, five fields. */
const MAX_ID = 100;
const MAX_TITLE = 45;
const MAX_LABEL = 45;
const MAX_PLACEHOLDER = 100;
export const MAX_TEXT = 4000;
const MAX_FIELDS = 5;
const PREFIX = 'mf:';

export interface ModalCommand {
  command: string;
  group?: string;
  sub: string;
  /** The options given with the slash command. */
  options: OptionValues;
}

const clip = (t: string, n: number) => (t.length <= n ? t : `${t.slice(0, n - 1)}…`);

/** The paragraph options an invocation left out (none: run it as it is). */
export function missingParagraphs(defs: CommandDef[], cmd: ModalCommand): OptionDef[] {
  const sub = defs.find((d) => d.name === cmd.command)?.subcommands.find((s) => s.name === cmd.sub && (s.group ?? undefined) === cmd.group);
  return (sub?.options ?? []).filter((o) => o.paragraph && (cmd.options[o.name] === undefined || cmd.options[o.name] === ''));
}

/** The modal asking for them, or null when what must ride along does not fit in its custom id. */
export function paragraphModal(cmd: ModalCommand, missing: OptionDef[]): ModalBuilder | null {
  const customId = PREFIX + JSON.stringify([cmd.command, cmd.group ?? '', cmd.sub, cmd.options]);
  if (customId.length > MAX_ID || !missing.length) return null;
  const modal = new ModalBuilder()
    .setCustomId(customId)
    .setTitle(clip(`/${[cmd.command, cmd.group, cmd.sub].filter(Boolean).join(' ')}`, MAX_TITLE));
  for (const o of missing.slice(0, MAX_FIELDS)) {
    modal.addComponents(
      new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId(o.name)
          .setLabel(o.description.length <= MAX_LABEL ? o.description : clip(labelOf(o.name), MAX_LABEL))
          .setPlaceholder(clip(o.description, MAX_PLACEHOLDER))
          .setStyle(TextInputStyle.Paragraph)
          .setRequired(true)
          .setMaxLength(MAX_TEXT),
      ),
    );
  }
  return modal;
}

const labelOf = (name: string) => name[0].toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** The command a submitted modal runs, with the typed texts as its options; null: not one of ours. */
export function fromModal(i: ModalSubmitInteraction): ModalCommand | null {
  if (!i.customId.startsWith(PREFIX)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(i.customId.slice(PREFIX.length));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [command, group, sub, given] = parsed as [unknown, unknown, unknown, unknown];
  if (typeof command !== 'string' || typeof group !== 'string' || typeof sub !== 'string' || typeof given !== 'object' || !given)
    return null;
  const options: OptionValues = {};
  for (const [k, v] of Object.entries(given)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') options[k] = v;
  for (const field of i.fields.fields.values())
    if ('value' in field && typeof field.value === 'string') options[field.customId] = field.value;
  return { command, ...(group ? { group } : {}), sub, options };
}
