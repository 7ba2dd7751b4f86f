// Issue 19 §9: custom ids and embed totals are held to Discord's documented
// limits before sending, like every other field (content 2,000; 5 rows of 5
// buttons; labels 80; dropdowns of 25 options of 100; placeholders 150; custom
// ids 1-100; 10 embeds; title 256, description 4,096, 25 fields of 256/1,024,
// footer 2,048, 6,000 characters over a message's embeds). A checker written
// from the documentation, not from our code, reads every payload.
import { describe, expect, it } from 'vitest';
import { payloadsOf, type Payload } from '../../src/bot/messages.ts';
import type { Message } from '../../src/messages/types.ts';
import { PNG } from './fake-router.ts';

/** What Discord would refuse in a message payload (docs: Create Message, Embed Limits, Component Reference). */
function discordProblems(p: Payload): string[] {
  const out: string[] = [];
  const over = (what: string, n: number, max: number) => n > max && out.push(`${what}: ${n} > ${max}`);
  over('content', (p.content ?? '').length, 2000);
  const embeds = p.embeds ?? [];
  over('embeds', embeds.length, 10);
  let total = 0;
  for (const e of embeds) {
    over('title', (e.title ?? '').length, 256);
    over('description', (e.description ?? '').length, 4096);
    over('fields', (e.fields ?? []).length, 25);
    for (const f of e.fields ?? []) {
      over('field name', f.name.length, 256);
      over('field value', f.value.length, 1024);
    }
    over('footer', (e.footer?.text ?? '').length, 2048);
    total += (e.title ?? '').length + (e.description ?? '').length + (e.footer?.text ?? '').length + (e.author?.name ?? '').length;
    for (const f of e.fields ?? []) total += f.name.length + f.value.length;
  }
  over('embed total', total, 6000);
  const rows = p.components ?? [];
  over('rows', rows.length, 5);
  for (const row of rows) {
    over('controls in a row', row.components.length, 5);
    for (const c of row.components as any[]) {
      if (!c.custom_id || c.custom_id.length > 100) out.push(`custom id of ${String(c.custom_id ?? '').length}`);
      if (c.label !== undefined) over('label', c.label.length, 80);
      if (c.placeholder !== undefined) over('placeholder', c.placeholder.length, 150);
      if (c.options) {
        over('options', c.options.length, 25);
        for (const o of c.options) {
          over('option label', o.label.length, 100);
          over('option value', o.value.length, 100);
          if (o.description !== undefined) over('option description', o.description.length, 100);
        }
      }
    }
  }
  return out;
}

const long = (n: number, ch = 'x') => ch.repeat(n);

describe("custom ids and embed totals within Discord's limits (issue 19 §9)", () => {
  it('the checker catches a payload over the limits (planted)', () => {
    const bad: Payload = {
      content: 'x',
      allowedMentions: {},
      embeds: [
        {
          title: 't',
          description: long(4096),
          fields: [
            { name: 'n', value: long(1024) },
            { name: 'm', value: long(1024) },
          ],
        },
      ],
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: long(101) }] }],
    };
    expect(discordProblems(bad)).toEqual(['embed total: 6147 > 6000', 'custom id of 101']);
  });

  it('a control whose custom id is over 100 characters is left out and reported; the others stay, with their ids whole', () => {
    const problems: string[] = [];
    const msg: Message = {
      content: 'Your move',
      buttons: [
        { customId: 'act:1:2', label: 'Roll', style: 'primary' },
        { customId: `act:1:${long(120)}`, label: 'Broken', style: 'secondary' },
      ],
      selects: [
        {
          customId: 'pick:1',
          placeholder: 'Choose a unit',
          options: [
            { label: 'Good', value: 'act:1:3' },
            { label: 'Too long', value: `act:1:${long(99)}` },
          ],
        },
        { customId: long(101), placeholder: 'Bad menu', options: [{ label: 'A', value: 'act:1:4' }] },
      ],
    };
    const [p] = payloadsOf(msg, (x) => problems.push(x));
    expect(discordProblems(p)).toEqual([]);
    const ids = (p.components ?? []).flatMap((r) => r.components as any[]);
    expect(ids.map((c) => c.custom_id)).toEqual(['act:1:2', 'pick:1']);
    // A value is never cut (a cut id would press something else): the long choice is gone, the good one whole.
    expect(ids[1].options.map((o: any) => o.value)).toEqual(['act:1:3']);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/button "Broken": custom id of 126 characters/);
    expect(problems.join('\n')).toMatch(/choice "Too long"/);
    expect(problems.join('\n')).toMatch(/dropdown "Bad menu"/);
  });

  it('embeds over 6,000 characters in all lose their last fields (counted in the footer), then description; never more than 10 embeds', () => {
    const problems: string[] = [];
    const msg: Message = {
      content: '',
      embed: {
        title: long(300, 't'),
        description: long(3000, 'd'),
        fields: Array.from({ length: 30 }, (_, n) => ({ name: `Field ${n}`, value: long(1100, 'v') })),
        footer: 'Muster',
      },
      files: [{ name: 'map.png', data: PNG }, ...Array.from({ length: 12 }, (_, n) => ({ name: `zoom${n}.png`, data: PNG, aside: true }))],
    };
    const [p] = payloadsOf(msg, (x) => problems.push(x));
    expect(discordProblems(p)).toEqual([]);
    expect(p.embeds).toHaveLength(10);
    const card = p.embeds![0];
    expect(card.title).toHaveLength(256);
    // What could be kept was: the first fields whole.
    expect(card.fields![0]).toEqual({ name: 'Field 0', value: `${long(1023, 'v')}…`, inline: false });
    expect(card.fields).toHaveLength(2);
    expect(card.description).toHaveLength(3000);
    expect(card.footer!.text).toBe('23 more fields left out. Muster');
    expect(problems.some((x) => /embeds of \d+ characters in one message \(Discord allows 6000\)/.test(x))).toBe(true);
    expect(problems.some((x) => /13 embeds in one message/.test(x))).toBe(true);
  });

  it('a message within the limits is sent as built, and nothing is reported', () => {
    const problems: string[] = [];
    const msg: Message = {
      content: 'Card',
      embed: { title: 'Game #1', description: long(3000), fields: [{ name: 'Sides', value: long(1000) }], footer: 'Muster' },
      buttons: [{ customId: long(100), label: 'Go', style: 'primary' }],
    };
    const [p] = payloadsOf(msg, (x) => problems.push(x));
    expect(problems).toEqual([]);
    expect(discordProblems(p)).toEqual([]);
    expect(p.embeds![0].description).toHaveLength(3000);
    expect((p.components![0].components[0] as any).custom_id).toHaveLength(100);
  });
});
