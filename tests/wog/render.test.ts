// The WoG snapshot renderer draws a PNG from a view alone (map + side panel).
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../render/kit.ts';
import { renderWog } from '../../render/wog.ts';
import { createGame } from '../../src/engine/runner.ts';
import { wogData } from '../../src/games/wog/data.ts';
import { wog } from '../../src/games/wog/index.ts';

describe('WoG renderer', () => {
  it('renders the map width plus the side panel, at the map height, for a fresh game view', () => {
    const { env } = createGame(wog, { scenario: 'liw' }, 'render-1');
    const png = renderWog(wog.view(env.game, { kind: 'spectator' }));
    const { width, height } = pngSize(png);
    expect(width).toBe(wogData().map.width + 360);
    expect(height).toBe(wogData().map.height);
  });
});
