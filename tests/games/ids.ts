// Internal ids in player-facing text (issue 19 §7): what counts as one, and
// where a text holds one. Shared by the names-not-ids and option-names tests.
import type { Json } from '../../src/engine/types.ts';

/**
 * Ids of the game's things (objects with an id, or a record key, and a
 * different name); names are never counted as ids, nor is the id of a thing
 * with no name (a WK4 army's handle, "alm3", is its designation).
 */
/**
 * An id that is a plain lower-case word ("trade", "red", "england") reads as
 * English in a sentence and is not counted: only ids with a digit, a hyphen
 * or an underscore ("red-1", "ma3", "edward_iii") are.
 */
const differs = (id: string, name: string) => id !== name && !/^[a-z]+$/.test(id);

export function internalIds(state: Json, handles: Set<string>): Set<string> {
  const ids = new Set<string>();
  const names = new Set<string>();
  const walk = (x: Json): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x === null || typeof x !== 'object') return;
    if (typeof x.id === 'string' && typeof x.name === 'string') {
      names.add(x.name);
      if (differs(x.id, x.name)) ids.add(x.id);
    } else if (typeof x.id === 'string') handles.add(x.id);
    for (const [key, value] of Object.entries(x)) {
      if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.name === 'string' && key !== value.name) {
        names.add(value.name);
        if (differs(key, value.name)) ids.add(key);
      }
      walk(value);
    }
  };
  walk(state);
  for (const n of names) for (const word of n.split(/\s+/)) ids.delete(word);
  for (const n of names) ids.delete(n);
  return ids;
}

/** What in `text` looks like an id: snake_case words and tokens equal to an internal id. */
export function idsIn(text: string, ids: Set<string>): string[] {
  // Mentions, channel links, timestamps and custom emoji carry Discord's own ids.
  const plain = text.replace(/<[@#:t][^>]*>/g, ' ');
  const found = [...plain.matchAll(/\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b/g)].map((m) => m[0]);
  for (const token of plain.split(/[\s,.;:!?()[\]{}"'`*→←·/|=+]+/)) if (ids.has(token)) found.push(token);
  return found;
}
