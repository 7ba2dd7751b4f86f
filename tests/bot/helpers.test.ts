// Small pure pieces: message splitting/buttons, throttled progress, choice clipping.
import { describe, expect, it } from 'vitest';
import { componentRows, payloadsOf, splitContent } from '../../src/bot/messages.ts';
import { controlIds, disableStale } from '../../src/bot/controls.ts';
import { throttledProgress } from '../../src/bot/progress.ts';
import { toDiscordChoices } from '../../src/bot/handlers.ts';
import { createLogger } from '../../src/bot/log.ts';
import { PNG, sleep } from './fake-router.ts';

describe('messages', () => {
  it('splits long content at line breaks, files and buttons on the last part', () => {
    const line = 'x'.repeat(150);
    const text = Array.from({ length: 30 }, () => line).join('\n'); // ~4530 chars
    const parts = payloadsOf({
      content: text,
      files: [{ name: 'a.png', data: PNG }],
      buttons: [{ customId: 'b', label: 'B', style: 'danger' }],
    });
    expect(parts.length).toBe(3);
    for (const p of parts) expect(p.content!.length).toBeLessThanOrEqual(2000);
    expect(parts.map((p) => p.content).join('\n')).toBe(text);
    expect(parts.slice(0, -1).every((p) => !p.files && !p.components)).toBe(true);
    expect(parts.at(-1)!.files).toHaveLength(1);
  });

  it('hard-splits a line with no breaks and drops empty messages', () => {
    expect(splitContent('y'.repeat(4500)).map((s) => s.length)).toEqual([2000, 2000, 500]);
    expect(payloadsOf({ content: '   ' })).toEqual([]);
  });

  it('a file set aside goes as a thumbnail embed, so the gallery shows the close-up alone at full width (issue 19)', () => {
    const [part] = payloadsOf({
      content: 'map',
      files: [
        { name: 'game1-d2-1-zoom.png', data: PNG },
        { name: 'game1-d2-1.png', data: PNG, aside: true },
      ],
    });
    expect(part.files!.map((f) => f.name)).toEqual(['game1-d2-1-zoom.png', 'game1-d2-1.png']);
    expect(part.embeds).toEqual([expect.objectContaining({ thumbnail: { url: 'attachment://game1-d2-1.png' } })]);
    expect(payloadsOf({ content: 'map', files: [{ name: 'a.png', data: PNG }] })[0].embeds).toBeUndefined();
    // The close-up left out (late): the map is the gallery again.
    expect(payloadsOf({ content: 'map', files: [{ name: 'a.png', data: PNG, aside: true }] })[0].embeds).toBeUndefined();
  });

  it('a picture goes named for its format: the KPW map (a JPEG) named `.png` before it was drawn goes as `.jpg`, its thumbnail too', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    const [part] = payloadsOf({
      content: 'map',
      files: [
        { name: 'game1-d2-zoom.png', data: PNG },
        { name: 'game1-d2-1.png', data: jpeg, aside: true },
      ],
    });
    expect(part.files!.map((f) => f.name)).toEqual(['game1-d2-zoom.png', 'game1-d2-1.jpg']);
    expect(part.embeds).toEqual([expect.objectContaining({ thumbnail: { url: 'attachment://game1-d2-1.jpg' } })]);
    // Bytes that are neither (a picture not drawn yet) keep their name.
    expect(payloadsOf({ content: 'x', files: [{ name: 'a.png', data: Buffer.from('not drawn') }] })[0].files![0].name).toBe('a.png');
  });

  it('caps buttons at 5 rows of 5', () => {
    const rows = componentRows(Array.from({ length: 27 }, (_, n) => ({ customId: `b${n}`, label: `B${n}`, style: 'secondary' as const })));
    expect(rows.map((r) => r.components.length)).toEqual([5, 5, 5, 5, 5]);
  });
});

describe('dropdowns and used controls (issue 9)', () => {
  it('buttons first, then a row per dropdown, five rows in all; option texts and placeholders held to Discord limits', () => {
    const long = 'z'.repeat(300);
    const menu = (n: number) => ({
      customId: `m${n}`,
      placeholder: long,
      options: Array.from({ length: 30 }, (_, k) => ({ label: long, value: `v${n}.${k}`, description: long })),
    });
    const rows = componentRows(
      Array.from({ length: 7 }, (_, n) => ({ customId: `b${n}`, label: `B${n}`, style: 'primary' as const })),
      [1, 2, 3, 4].map(menu),
    );
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.components[0].type)).toEqual([2, 2, 3, 3, 3]);
    const select = rows[2].components[0] as any;
    expect(select.options).toHaveLength(25);
    expect(select.placeholder.length).toBeLessThanOrEqual(150);
    expect(select.options[0].label.length).toBeLessThanOrEqual(100);
    expect(select.options[0].description.length).toBeLessThanOrEqual(100);
  });

  it('disableStale disables stale buttons (the pressed one green) and a dropdown whose every choice is stale', () => {
    const rows = [
      {
        type: 1,
        components: [
          { type: 2, style: 1, label: 'A', custom_id: 'a' },
          { type: 2, style: 2, label: 'B', custom_id: 'b' },
        ],
      },
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: 'm',
            options: [
              { label: 'X', value: 'x' },
              { label: 'Y', value: 'y' },
            ],
          },
        ],
      },
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: 'n',
            options: [
              { label: 'Z', value: 'z' },
              { label: 'W', value: 'w' },
            ],
          },
        ],
      },
    ] as any;
    const out = disableStale(rows, new Set(['a', 'x', 'y', 'z']), { customId: 'm', value: 'y' })!;
    const [a, b] = out[0].components as any[];
    expect(a.disabled).toBe(true);
    expect(b.disabled).toBeUndefined();
    const m = out[1].components[0] as any;
    expect(m.disabled).toBe(true);
    expect(m.options.map((o: any) => !!o.default)).toEqual([false, true]);
    expect((out[2].components[0] as any).disabled).toBeUndefined(); // w is still live
    expect(controlIds(out)).toEqual(['b', 'z', 'w']);
    expect(disableStale(out, new Set(['a']))).toBeNull(); // nothing new: no edit
  });
});

describe('throttledProgress', () => {
  it('edits at most once per gap, with the latest line, and nothing after close', async () => {
    const seen: string[] = [];
    const p = throttledProgress(async (l) => void seen.push(l), 40, createLogger('error'));
    for (let n = 0; n < 10; n++) p.push(`line ${n}`);
    await sleep(60);
    p.push('late');
    await p.close();
    await sleep(60);
    expect(seen).toEqual(['line 0', 'line 9']);
  });
});

describe('throttledProgress with a slow API', () => {
  it('never overlaps edits or queues a backlog', async () => {
    let active = 0;
    let maxActive = 0;
    const seen: string[] = [];
    const p = throttledProgress(
      async (l) => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(50);
        seen.push(l);
        active--;
      },
      5,
      createLogger('error'),
    );
    for (let n = 0; n < 20; n++) {
      p.push(`line ${n}`);
      await sleep(10);
    }
    await p.close();
    expect(maxActive).toBe(1);
    expect(seen.length).toBeLessThanOrEqual(5);
    expect(seen[0]).toBe('line 0');
  });
});

describe('toDiscordChoices', () => {
  it('keeps 25, clips names, converts integer values', () => {
    const many = Array.from({ length: 30 }, (_, n) => ({ name: 'n'.repeat(120), value: String(n) }));
    const out = toDiscordChoices(many, true);
    expect(out).toHaveLength(25);
    expect(out[0]).toEqual({ name: `${'n'.repeat(99)}…`, value: 0 });
    expect(toDiscordChoices([{ name: 'bad', value: 'x' }], true)).toEqual([]);
  });
});
