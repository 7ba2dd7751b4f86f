// KPW palette and sizes, in one place so the map, pieces and legend agree.
export const WIDTH = 1600;
export const HEIGHT = 1200;

/** Layout: VP track across the top, legend panel on the right, status bar at the bottom. */
export const TOP_H = 72;
export const PANEL_X = 1336;
export const BOTTOM_H = 50;
export const MAP_VIEW = { x: 0, y: TOP_H, w: PANEL_X, h: HEIGHT - TOP_H - BOTTOM_H };

export const SPACE_R = 17;
export const FORT_R = 21;
export const COUNTER = 34;
export const COUNTER_STEP = 31;

export const INK = '#2b2117';
export const PARCHMENT = '#eee2c2';
export const PANEL_BG = '#e9dcba';
export const LAND = '#e7dab6';
export const SEA = '#9dbfcf';
export const SEA_DEEP = '#7fa8bd';
export const RIVER = '#3f86c6';
export const RIVER_RING = '#7fd0ff';
export const SETTLEMENT_RING = '#c0281e';

/**
 * Side base colours (rules 6.1: reddish English, greenish Indian): a dark red
 * and a light green, so they differ in lightness too. Red and green of equal
 * lightness look alike with deuteranopia (ΔE 5.6 before; now ≥ 25, issue 19),
 * and Indian chits are octagons besides.
 */
export const SIDE_COLOR = { english: '#a3302a', indian: '#86bf5f' } as const;
export const SIDE_INK = { english: '#8e1f14', indian: '#2f5a1c' } as const;
export const ALLIED_COLOR = '#b08a5a';

export const SITE_MARK = {
  raided: { fill: '#f08a24', text: 'R' },
  damaged: { fill: '#f2c14e', text: 'D' },
  breached: { fill: '#d64528', text: 'B' },
  razed: { fill: '#2a2420', text: '' },
} as const;

export const STATUS_COLOR: Record<string, string> = {
  neutral: '#6b6256',
  allied: '#2f6d1e',
  surrendered: '#8e1f14',
  devastated: '#6a1b9a',
  removed: '#8a8276',
  active: '#2f5f8a',
};
