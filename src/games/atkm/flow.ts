// The sequence of play as a flow table: the turn at the bottom turns cards and
// calls a card's procedure; a card calls an activation; a charge calls the
// melee, which may ask the defender about a square and the loser about a rally.
import { FlowMachine, type Flow } from '../../engine/flow.ts';
import { activationProc, actStep } from './activation.ts';
import { cardProc } from './cards.ts';
import { meleeProc } from './melee.ts';
import { alive, type AtkmState } from './state.ts';
import { endTurnProc, turnProc } from './turn.ts';

export const FLOW: Flow<AtkmState> = {
  turn: turnProc,
  // /atkm act is the card's open action: its check is activation.ts's, which knows the steps.
  card: { ...cardProc, open: { ...cardProc.open, act: actStep } },
  activation: activationProc,
  melee: meleeProc,
  endTurn: endTurnProc,
};

export const machine = new FlowMachine<AtkmState>(FLOW, {
  stack: (s) => s.stack,
  scores: (s) => ({ red: alive(s, 'red').length, black: alive(s, 'black').length }),
  rule: 'ATKM Playing the Game',
});

/** Open actions: facts reported with the action (referee mode), accepted by their check. */
export const OPEN = machine.openActions([
  { type: 'move', sub: 'move' },
  { type: 'fire', sub: 'fire' },
  { type: 'charge', sub: 'charge' },
  { type: 'place', sub: 'place' },
  { type: 'general', sub: 'general' },
  { type: 'act', sub: 'act' },
]);
