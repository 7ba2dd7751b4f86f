// The All the King's Men virtual tabletop: footprints, measuring, moves,
// deployment and the ready scenarios. The rules module imports from here.
export * from './types.ts';
export * from './data.ts';
export * from './footprint.ts';
export * from './measure.ts';
export * from './orders.ts';
export * from './move.ts';
export * from './deploy.ts';
export * from './facts.ts';
export * from './place.ts';
export * from './reach.ts';
export * from './attempt.ts';
