// Parsing the offline table's lines: `user: /command sub name:value name:"two words"`.

export interface ParsedLine {
  user: string | null;
  command: string;
  /** Subcommand group (/kpw move step), when the command has one by that name. */
  group?: string;
  sub: string;
  options: Record<string, string>;
}

export class ParseError extends Error {
  override name = 'ParseError';
}

/**
 * A script line ending in `# expect refusal` is meant to be refused (a script
 * showing a rule's refusal): the marker is cut off before the line is parsed.
 */
export function splitExpectation(line: string): { line: string; expectRefusal: boolean } {
  const m = /\s#\s*expect refusal\s*$/i.exec(line);
  return m ? { line: line.slice(0, m.index), expectRefusal: true } : { line, expectRefusal: false };
}

/** Null for blank lines and comments. `isGroup` says which words are subcommand groups of a command. */
export function parseLine(line: string, isGroup: (command: string, word: string) => boolean = () => false): ParsedLine | null {
  const text = line.replace(/^\s+|\s+$/g, '');
  if (!text || text.startsWith('#')) return null;
  let user: string | null = null;
  let rest = text;
  const m = /^([A-Za-z0-9_.-]+)\s*:\s*(\/.*)$/.exec(text);
  if (m) {
    user = m[1].toLowerCase();
    rest = m[2];
  }
  if (!rest.startsWith('/'))
    throw new ParseError(`Expected a slash command like "/game status" (optionally "user: /game status"), got "${text}".`);
  const tokens = tokenize(rest.slice(1));
  const command = (tokens.shift() ?? '').toLowerCase();
  if (!command || command.includes(':')) throw new ParseError(`Missing command name in "${text}".`);
  let sub = '';
  let group: string | undefined;
  if (tokens.length && !tokens[0].includes(':')) sub = tokens.shift()!.toLowerCase();
  // "/kpw move step": a group, then its subcommand.
  if (sub && isGroup(command, sub) && tokens.length && !tokens[0].includes(':')) {
    group = sub;
    sub = tokens.shift()!.toLowerCase();
  }
  const options: Record<string, string> = {};
  let last: string | null = null;
  for (const t of tokens) {
    const i = t.indexOf(':');
    if (i <= 0) {
      // A bare word continues the previous value, as in Discord's option boxes: unit:Musket marker to:Titicut.
      if (last === null) throw new ParseError(`Options are written name:value (use quotes for spaces: name:"two words"); "${t}" is not.`);
      options[last] += ` ${t}`;
      continue;
    }
    const name = t.slice(0, i).toLowerCase();
    last = name;
    if (name in options) throw new ParseError(`Option "${name}" is given twice.`);
    options[name] = t.slice(i + 1);
  }
  return { user, command, ...(group ? { group } : {}), sub, options };
}

/** Split on spaces, keeping name:"quoted values" together and unquoting them. */
function tokenize(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = false;
  let any = false;
  for (const ch of s) {
    if (ch === '"') {
      quote = !quote;
      any = true;
      continue;
    }
    if (!quote && /\s/.test(ch)) {
      if (cur || any) out.push(cur);
      cur = '';
      any = false;
      continue;
    }
    cur += ch;
  }
  if (quote) throw new ParseError('A quote is not closed.');
  if (cur || any) out.push(cur);
  return out;
}
