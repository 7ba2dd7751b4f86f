// Issue 9 (buttons disabled once their decision closes): the bot's memory of
// its messages with live controls is kept in the database within the same
// bounds as in memory, so a restart picks up what the last run remembered.
import type { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ControlRegistry } from '../../src/bot/controls.ts';
import { ControlMessages } from '../../src/store/control-messages.ts';
import { migrate } from '../../src/store/migrations.ts';
import { openDatabase } from '../../src/store/database.ts';
import { tempDb } from '../setup/test-db.ts';
import type { Router } from '../../commands/types.ts';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const router = { staleControls: async () => [] } as unknown as Router;
const button = (id: string) => [{ type: 1, components: [{ type: 2, style: 1, label: id, custom_id: id }] }];

describe('control_messages (migration 12)', () => {
  it('keeps the newest per channel and the newest channels, as the registry does; a new registry reads them back', () => {
    const db = openDatabase(tempDb());
    migrate(db);
    let t = 0;
    const saved = new ControlMessages(db, () => ++t);
    const reg = new ControlRegistry({} as Client, router, quiet, saved, 2, 2);
    for (const [ch, m] of [
      ['c1', 'm1'],
      ['c1', 'm2'],
      ['c1', 'm3'],
      ['c2', 'm4'],
      ['c3', 'm5'],
    ])
      reg.add(ch, m, button(`b-${m}`));
    reg.add('c3', 'm6', [{ type: 1, components: [] }]); // no live control: not remembered
    expect(saved.all().map((m) => `${m.channelId}/${m.messageId}`)).toEqual(['c2/m4', 'c3/m5']);
    const again = new ControlRegistry({} as Client, router, quiet, saved, 2, 2);
    expect(again.channels()).toEqual(['c2', 'c3']);
    expect(again.size('c3')).toBe(1);
    // An edit through its own interaction is written through.
    again.update('c2', 'm4', button('b-m4-edited'));
    expect(JSON.stringify(saved.all()[0].rows)).toContain('b-m4-edited');
  });
});
