// The full Warrior Kings IV map spec (11 nations, 23 major + 110 minor centres), drawn by wk4-make-map.ts.
import type { MapSpec } from './wk4-make-map.ts';

export function fullSpec(): MapSpec {
  throw new Error('full map: not drawn yet');
}
