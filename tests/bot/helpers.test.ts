// Small pure pieces: message splitting/buttons, throttled progress, choice clipping.
import { describe, expect, it } from 'vitest';
import { buttonRows, payloadsOf, splitContent } from '../../src/bot/messages.ts';
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

  it('caps buttons at 5 rows of 5', () => {
    const rows = buttonRows(Array.from({ length: 27 }, (_, n) => ({ customId: `b${n}`, label: `B${n}`, style: 'secondary' as const })));
    expect(rows.map((r) => r.components.length)).toEqual([5, 5, 5, 5, 5]);
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
