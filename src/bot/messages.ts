// Command-layer messages → discord.js message payloads: PNG attachments,
// button rows, mention control, and Discord's 2000-character content limit.
// Embeds and controls are plain API objects, not discord.js builders: the
// limits are applied here, and the builders' validators re-checked them on
// every post (a tenth of the main thread's time in issue 9's load bench).
import {
  AttachmentBuilder,
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIAllowedMentions,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APISelectMenuOption,
} from 'discord.js';
import type { Button, Embed, Message, SelectMenu } from '../messages/types.ts';
import { nameForImage } from '../messages/image-names.ts';

export const MAX_CONTENT = 2000;
const MAX_BUTTONS_PER_ROW = 5;
const MAX_ROWS = 5;
const MAX_LABEL = 80;
const MAX_OPTIONS = 25;
const MAX_OPTION_TEXT = 100;
const MAX_PLACEHOLDER = 150;
/** A button's or dropdown's custom id, and a dropdown option's value (itself a button's custom id). */
export const MAX_CUSTOM_ID = 100;
/** Discord's embed limits (docs: Embed Limits); the total counts every embed of one message. */
export const EMBED_LIMITS = {
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  total: 6000,
};

/** Told of what a message held beyond Discord's limits and what was done with it (the bot's faults, for the log). */
export type LimitReport = (problem: string) => void;

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export interface Payload {
  content?: string;
  files?: AttachmentBuilder[];
  components?: Row[];
  embeds?: APIEmbed[];
  allowedMentions: APIAllowedMentions;
}

/** The styles a button with a custom id may have (link and premium buttons have none). */
const STYLE: Record<Button['style'], ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

/**
 * One message may become several payloads when its text exceeds 2000 chars;
 * files and buttons ride on the last one so they sit under the whole text.
 * Returns [] for a message with nothing to show (Discord rejects those).
 */
export function payloadsOf(msg: Message, report: LimitReport = () => {}): Payload[] {
  // A picture is named for its format (the KPW map is a JPEG): its name was given before it was drawn.
  const named = (msg.files ?? []).map((f) => ({ ...f, name: nameForImage(f.name, f.data) }));
  const files = named.map(
    (f) => new AttachmentBuilder(f.data, { name: f.name, ...(f.description ? { description: f.description.slice(0, 1024) } : {}) }),
  );
  const components = componentRows(msg.buttons ?? [], msg.selects ?? [], report);
  // Only the named users may be pinged; never @everyone or roles.
  const allowedMentions: APIAllowedMentions = {
    users: [...new Set(msg.mentions ?? [])].slice(0, 100),
    ...(msg.mentionRoles?.length ? { roles: [...new Set(msg.mentionRoles)].slice(0, 100) } : {}),
  };
  const chunks = splitContent(msg.content ?? '');
  const embeds = msg.embed ? [embedOf(msg.embed)] : [];
  // A file set aside opens from a thumbnail, so the gallery shows the first image alone at full width;
  // unless it is all there is (its close-up was left out), then it is the gallery.
  const shown = named.filter((x) => !x.aside);
  for (const f of shown.length ? named.filter((x) => x.aside && /^[\w.-]+$/.test(x.name)) : [])
    embeds.push({ title: '🗺️ Full-size board: click to open', thumbnail: { url: `attachment://${f.name}` } });
  if (embeds.length > EMBED_LIMITS.embeds) {
    report(`${embeds.length} embeds in one message (Discord allows ${EMBED_LIMITS.embeds}): the rest left out`);
    embeds.length = EMBED_LIMITS.embeds;
  }
  fitEmbedTotal(embeds, report);
  if (chunks.length === 0 && files.length === 0 && components.length === 0 && embeds.length === 0) return [];
  if (chunks.length === 0) chunks.push('');
  return chunks.map((content, n) => {
    const last = n === chunks.length - 1;
    return {
      content,
      allowedMentions,
      ...(last && files.length ? { files } : {}),
      ...(last && embeds.length ? { embeds } : {}),
      ...(last && components.length ? { components } : {}),
    };
  });
}

/** Discord's embed limits: title 256, description 4096, 25 fields of 256/1024, footer 2048. */
export function embedOf(e: Embed): APIEmbed {
  const L = EMBED_LIMITS;
  const b: APIEmbed = { title: clip(e.title, L.title) || '…' };
  if (e.description) b.description = clip(e.description, L.description);
  if (e.color !== undefined) b.color = e.color;
  const fields = (e.fields ?? [])
    .slice(0, L.fields)
    .map((f) => ({ name: clip(f.name, L.fieldName) || '…', value: clip(f.value, L.fieldValue) || '…', inline: !!f.inline }));
  if (fields.length) b.fields = fields;
  if (e.footer) b.footer = { text: clip(e.footer, L.footer) };
  return b;
}

/** The characters Discord counts toward an embed's 6,000: title, description, field names and values, footer, author. */
export function embedChars(e: APIEmbed): number {
  let n = (e.title ?? '').length + (e.description ?? '').length + (e.footer?.text ?? '').length + (e.author?.name ?? '').length;
  for (const f of e.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/**
 * Held to 6,000 characters over all of a message's embeds: the last fields
 * go first (a line says how many), then the description is shortened. Our
 * cards and hubs are built to fit; this only catches a fault of ours.
 */
function fitEmbedTotal(embeds: APIEmbed[], report: LimitReport): void {
  const total = () => embeds.reduce((n, e) => n + embedChars(e), 0);
  const before = total();
  if (before <= EMBED_LIMITS.total) return;
  report(`embeds of ${before} characters in one message (Discord allows ${EMBED_LIMITS.total}): shortened`);
  for (const e of [...embeds].reverse()) {
    let cut = 0;
    while (total() > EMBED_LIMITS.total && e.fields?.length) {
      e.fields.pop();
      cut++;
    }
    if (cut)
      e.footer = { text: clip(`${cut} more field${cut === 1 ? '' : 's'} left out. ${e.footer?.text ?? ''}`.trim(), EMBED_LIMITS.footer) };
    const over = total() - EMBED_LIMITS.total;
    if (over > 0 && e.description) e.description = clip(e.description, Math.max(1, e.description.length - over));
    if (total() <= EMBED_LIMITS.total) return;
  }
}

/** A custom id Discord accepts: 1 to 100 characters. */
const idFits = (id: string) => id.length >= 1 && id.length <= MAX_CUSTOM_ID;

/**
 * Button rows (five to a row), then a row per dropdown; Discord allows five
 * rows in all. A control whose custom id Discord would refuse is left out
 * (a cut id would press something else) and reported.
 */
export function componentRows(buttons: Button[], selects: SelectMenu[] = [], report: LimitReport = () => {}): Row[] {
  const rows: Row[] = [];
  const fitting = buttons.filter((b) => {
    if (idFits(b.customId)) return true;
    report(`button "${b.label}": custom id of ${b.customId.length} characters left out`);
    return false;
  });
  const usable = fitting.slice(0, MAX_BUTTONS_PER_ROW * MAX_ROWS);
  for (let i = 0; i < usable.length; i += MAX_BUTTONS_PER_ROW) {
    rows.push({
      type: ComponentType.ActionRow,
      components: usable.slice(i, i + MAX_BUTTONS_PER_ROW).map((b) => ({
        type: ComponentType.Button,
        custom_id: b.customId,
        label: clip(b.label, MAX_LABEL) || '…',
        style: STYLE[b.style] ?? ButtonStyle.Secondary,
      })),
    });
  }
  for (const m of selects) {
    if (rows.length >= MAX_ROWS) break;
    if (!idFits(m.customId)) {
      report(`dropdown "${m.placeholder}": custom id of ${m.customId.length} characters left out`);
      continue;
    }
    const valid = m.options.filter((o) => {
      if (idFits(o.value)) return true;
      report(`choice "${o.label}": value of ${o.value.length} characters left out`);
      return false;
    });
    const options = valid.slice(0, MAX_OPTIONS).map((o): APISelectMenuOption => ({
      label: clip(o.label, MAX_OPTION_TEXT) || '…',
      value: o.value,
      ...(o.description ? { description: clip(o.description, MAX_OPTION_TEXT) } : {}),
    }));
    if (!options.length) continue;
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: m.customId,
          placeholder: clip(m.placeholder, MAX_PLACEHOLDER) || '…',
          options,
        },
      ],
    });
  }
  return rows;
}

/** Split text into ≤ max-char chunks, preferring line breaks. */
export function splitContent(text: string, max = MAX_CONTENT): string[] {
  const out: string[] = [];
  let rest = text.trimEnd();
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = max; // no good line break: hard split
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, '');
  }
  if (rest.length) out.push(rest);
  return out;
}

/** One line for a progress edit. */
export function clip(text: string, max = MAX_CONTENT): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
