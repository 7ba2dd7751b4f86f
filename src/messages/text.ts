// Text that must fit in one Discord message: the length limit, clipping,
// splitting at line breaks, and echoing a user's value back.

export const DISCORD_LIMIT = 1900;

export function clip(text: string, limit = DISCORD_LIMIT): string {
  if (text.length <= limit) return text;
  const lines = text.split('\n');
  let out = '';
  let i = 0;
  for (; i < lines.length; i++) {
    const room = limit - 40 - out.length - (out ? 1 : 0);
    if (lines[i].length <= room) {
      out += (out ? '\n' : '') + lines[i];
      continue;
    }
    // A line too long for the room left is cut, not dropped: dropping a long
    // first line used to leave a message with nothing but "… more line(s)".
    if (room >= 80 || !out) {
      out += `${out ? '\n' : ''}${lines[i].slice(0, Math.max(0, room - 1)).replace(/[\uD800-\uDBFF]$/, '')}…`;
      i++;
    }
    break;
  }
  return i < lines.length ? `${out}\n… ${lines.length - i} more line(s) (see /game log)` : out;
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
