// Text that must fit in one Discord message: the length limit, clipping,
// splitting at line breaks, and echoing a user's value back.

export const DISCORD_LIMIT = 1900;

/** A count with its noun in the right number: "1 casualty", "2 casualties" (issue 19 §9). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Cap a bounded field (a title, an embed field, alt text, a label) at `limit`,
 * ending in "…". Never for a message's text: a message that is too long is
 * split into several (`splitMessage`), so nothing a player must read is hidden
 * (issue 19 §6).
 */
export function clip(text: string, limit = DISCORD_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, Math.max(0, limit - 1)).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** Longest option value a reply repeats back; longer ones end in "…". */
export const ECHO_MAX = 200;

/** A value the user typed, repeated in a reply: capped so it cannot crowd out the message. */
export function echo(value: unknown, max = ECHO_MAX): string {
  const s = String(value ?? '');
  return s.length <= max ? s : `${s.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * Split long text at line breaks into Discord-sized pieces. A code block cut
 * in two is closed at the end of one piece and reopened at the start of the
 * next, so neither shows a half-open block (issue 9: /game help's table).
 */
export function chunks(text: string, limit = DISCORD_LIMIT): string[] {
  const FENCE = '```';
  const out: string[] = [];
  let cur = '';
  let open = false;
  for (const line of text.split('\n')) {
    // Room for the closing fence the piece may need (a closing fence line is that room).
    const closing = open && line.trimStart().startsWith(FENCE);
    if (cur && cur.length + line.length + 1 > limit - (open && !closing ? FENCE.length + 1 : 0)) {
      out.push(open ? `${cur}\n${FENCE}` : cur);
      cur = open ? FENCE : '';
    }
    cur += (cur ? '\n' : '') + (line.length > limit - 8 ? clip(line, limit - 8) : line);
    if (line.trimStart().startsWith(FENCE)) open = !open;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * A message whose text does not fit becomes several, split at line breaks:
 * the earlier ones carry only text, the last keeps everything else (files,
 * controls, embed, pings, hand-off), so the controls sit under the whole text.
 */
export function splitMessage<T extends { content: string }>(message: T, limit = DISCORD_LIMIT): T[] {
  if (message.content.length <= limit) return [message];
  const pieces = chunks(message.content, limit);
  return pieces.map((content, n) => (n === pieces.length - 1 ? { ...message, content } : textOnly(message, content)));
}

/** The fields a text-only piece keeps: where it goes and who may see it, never controls, files or pings. */
function textOnly<T extends { content: string }>(message: T, content: string): T {
  const keep = ['ephemeral', 'channelId', 'gameId', 'to', 'echo'];
  const source = message as Record<string, unknown>;
  const out: Record<string, unknown> = { content };
  for (const key of keep) if (key in source) out[key] = source[key];
  // A hand-off piece without its hand-off would count as already handed off; the text is part of the record.
  if ('channelId' in source) out.kind = source.kind === 'notice' || source.kind === 'repost' ? source.kind : 'update';
  return out as T;
}
