// The shared render kit: everything a game's snapshot renderer builds on.
export * from './kit/canvas.ts';
export * from './kit/cache.ts';
export * from './kit/color.ts';
export * from './kit/text.ts';
export * from './kit/text-log.ts';
export * from './kit/shapes.ts';
export * from './kit/counters.ts';
export * from './kit/tracks.ts';
export * from './kit/legend.ts';
export * from './kit/sheet.ts';
