// How an order reads back to its nation (and the umpire).
import { unitType } from './data.ts';
import { hexLabel, mapOf } from './geo.ts';
import type { Order } from './orders.ts';
import { nationName, type Wk4State } from './state.ts';

export function orderLabel(s: Wk4State, o: Order): string {
  switch (o.k) {
    case 'move':
      return `${o.attack ? 'Attack' : 'Move'} ${o.force} → ${o.path.map((h) => hexLabel(s, h)).join(' → ')}`;
    case 'river':
      return `River move ${o.force} → ${hexLabel(s, o.to)}`;
    case 'sail':
      return `Sail ${o.force} → ${hexLabel(s, o.to)}${o.carry.length ? ` carrying ${o.carry.join(', ')}` : ''}`;
    case 'deploy':
      return `Deploy ${o.n} ${unitType(o.type).name} at ${hexLabel(s, o.at)} under ${s.lords[o.lord]?.name ?? o.lord}`;
    case 'buy':
      return `Buy ${o.n} ${unitType(o.type).name} ($${unitType(o.type).cost * o.n})`;
    case 'militia':
      return `Fund the militia of ${mapOf(s).hasCentre(o.city) ? mapOf(s).centre(o.city).name : o.city}`;
    case 'landsknekt':
      return `Hire ${o.n} Landsknekt at ${hexLabel(s, o.at)} under ${s.lords[o.lord]?.name ?? o.lord}`;
    case 'bribe':
      return `Bribe the mercenaries of ${o.force} to ${o.mode === 'leave' ? 'leave' : 'switch sides'}`;
    case 'match':
      return `Match bribes of your mercenaries up to $${o.amount}`;
    case 'war':
      return `Declare war on ${nationName(s, o.nation)}`;
    case 'ally':
      return `Ally with ${nationName(s, o.nation)}`;
    case 'leave':
      return 'Leave your alliance';
  }
}
