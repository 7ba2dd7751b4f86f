// /kpw's subcommands grouped by the sequence of play (8.0): the turn's first
// phases, movement (with the interception it provokes), combat (with winter
// attrition's losses); `end`, `decline` and `charts` answer across phases and
// stay at the top. Discord allows 25 entries at the top; groups make room.
export const KPW_GROUP: Record<string, 'turn' | 'move' | 'combat'> = {
  roll: 'turn',
  place: 'turn',
  recruit: 'turn',
  activate: 'move',
  step: 'move',
  pickup: 'move',
  drop: 'move',
  battle: 'move',
  stop: 'move',
  muskets: 'move',
  intercept: 'move',
  send: 'move',
  fight: 'combat',
  evade: 'combat',
  stand: 'combat',
  reroll: 'combat',
  pass: 'combat',
  panic: 'combat',
  loss: 'combat',
  exploit: 'combat',
  ferocity: 'combat',
  advance: 'combat',
  stay: 'combat',
};

/** The command that sends a subcommand, e.g. '/kpw move step'. */
export function kpwPath(sub: string): string {
  const g = KPW_GROUP[sub];
  return g ? `/kpw ${g} ${sub}` : `/kpw ${sub}`;
}
