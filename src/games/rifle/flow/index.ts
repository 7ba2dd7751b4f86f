// Rifle and Axe's sequence of play as a flow table (engine/flow.ts):
// leaders → turn (phases 1-3) → plan (the secret Action phase) → resolve
// (phases 5-12, with each settlement's decisions) → next turn, or the end (end.ts).
import { FlowMachine, type Flow } from '../../../engine/flow.ts';
import type { RifleState } from '../state.ts';
import { rifleScores } from './end.ts';
import { leaders } from './leaders.ts';
import { plan } from './plan.ts';
import { resolve } from './resolve.ts';
import { turn } from './turn.ts';

export const RIFLE_FLOW: Flow<RifleState> = { leaders, turn, plan, resolve };

export const machine = new FlowMachine<RifleState>(RIFLE_FLOW, {
  stack: (s) => s.flow,
  scores: rifleScores,
  rule: 'R&A',
});
