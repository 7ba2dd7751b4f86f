// Playing a script file at the offline table: every line is run; refused
// lines are counted, so a script that no longer plays through (say, run a
// second time on the same database) ends with a summary and fails.
import { parseLine, splitExpectation } from './parse.ts';
import type { Table } from './table.ts';

export interface ScriptResult {
  /** Command lines run (not blank lines or comments). */
  lines: number;
  /** Line numbers (1-based) refused without a `# expect refusal` marker. */
  refused: number[];
  /** Line numbers marked `# expect refusal` that were accepted. */
  accepted: number[];
  /** An internal error stopped the script. */
  stopped: boolean;
}

export async function playScript(table: Table, text: string): Promise<ScriptResult> {
  const res: ScriptResult = { lines: 0, refused: [], accepted: [], stopped: false };
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const { line, expectRefusal } = splitExpectation(raw);
    if (isCommand(line)) res.lines++;
    if (!(await table.run(raw))) {
      res.stopped = true;
      break;
    }
    if (table.refused && !expectRefusal) res.refused.push(i + 1);
    if (!table.refused && expectRefusal) res.accepted.push(i + 1);
  }
  return res;
}

/** The last line a script prints: how it went, and the exit code. */
export function scriptSummary(res: ScriptResult): { text: string; code: number } {
  if (res.stopped) return { text: 'The script stopped at an internal error.', code: 1 };
  const parts: string[] = [];
  if (res.refused.length)
    parts.push(
      `${res.refused.length} of ${res.lines} lines were refused (line${res.refused.length > 1 ? 's' : ''} ` +
        `${list(res.refused)}; end a line with "# expect refusal" if it should be).`,
    );
  if (res.accepted.length)
    parts.push(
      `${res.accepted.length} line${res.accepted.length > 1 ? 's' : ''} marked "# expect refusal" ` +
        `${res.accepted.length > 1 ? 'were' : 'was'} accepted (${list(res.accepted)}).`,
    );
  if (parts.length) return { text: parts.join(' '), code: 1 };
  return { text: `All ${res.lines} lines played as written.`, code: 0 };
}

function list(ns: number[]): string {
  return ns.length > 8 ? `${ns.slice(0, 8).join(', ')}, …` : ns.join(', ');
}

function isCommand(line: string): boolean {
  try {
    return parseLine(line) !== null;
  } catch {
    return true;
  }
}
