// Teaching summary of the game and the commands, and help for the phase now.
import type { HelpTopic } from '../../engine/types.ts';
import { RULES } from './data.ts';
import { PHASE_NAMES, resolvePhaseOf, seasonOf, stageOf, type RifleState } from './state.ts';

export const overview =
  `**Rifle and Axe** — Kentucky, ${RULES.turns.firstYear}. Each player leads a ` +
  `pioneer settlement for 20 turns (5 years, from Spring; every fourth turn is a ` +
  `Winter). The most Awards at the end wins: Population (Folk), Happiness, Builder ` +
  `(Structures + Plots), Prosperity (Money), Hoarder (Grain + Livestock + Food); ` +
  `tied awards are shared.\n` +
  `**Each turn:** Growth, Livestock and Boon (automatic dice) → **Action Phase** ` +
  `(you plan privately; one action per Folk, plus free actions from your leader, ` +
  `boons and structures) → Hardship, two Mishaps, Indian Raid, Consume (1 Food per ` +
  `Folk, 1 Salt per 10 Folk), Winter, Storage (Containers; you choose what ` +
  `spoils), Happiness.\n` +
  `**Keep your Folk fed, housed and clothed**: Fishing, Gathering, Hunting, Milk & ` +
  `Butcher and Grind & Husk make Food; Cabins (Build) make Housing; Tailoring and ` +
  `Weaving make Clothes. Cook and make Soap every turn or lose 2 Happiness each. ` +
  `Rifles (with Gunpowder and Metal), a Stockade, Blockhouses and Log Stations ` +
  `raise your Fight level against raids; a War Party or Siege that beats you may ` +
  `overrun the fort.\n` +
  `**Commands:** \`/rifle leader name\` at the start · \`/rifle plan action ` +
  `count\` (autocomplete shows what each limit still allows) · \`/rifle plans ` +
  `text:"clear land x2, planks, build cabin, fishing x3, sell 4 grain, buy 2 ` +
  `tools"\` · \`/rifle sell good qty\` and \`/rifle buy good qty\` (one good sold ` +
  `and one bought per Trade Convoy, at the table's prices) · \`/rifle unplan ` +
  `action\` · \`/rifle done\` (\`/rifle reopen\` takes it back while others still ` +
  `plan) · \`/rifle auto\` (the bot settler finishes your plan) · \`/rifle choose ` +
  `option\` for "X or Y" decisions and what spoils in Storage (buttons too) · ` +
  `\`/rifle reroll\` / \`/rifle accept\` when a Peace Point can re-roll a raid.\n` +
  `Plans stay secret until every settlement is done; then all are revealed ` +
  `together and carried out in the order you planned them. Solo (players:1): one ` +
  `settlement against the frontier; the end report gives the five award measures ` +
  `and whether the settlement survived.\n` +
  `**Options** (\`/game new system:rifle options:"players=2, bots=1, ` +
  `roundup=true"\`): \`players\` 1–4; \`bots\` (the last seats are bot settlers); ` +
  `\`roundup\` — a house rule: Growth rolls and Recruits "per 20 Folk" round up ` +
  `instead of down. As written a 10-Folk settlement cannot grow and seldom lasts ` +
  `two years; with \`roundup\` it has a fighting chance. \`mildsalt\` — a house ` +
  `rule: a Salt shortage rolls one d6 per missing Salt instead of one per Folk ` +
  `left without Salt.`;

export function phaseHelp(state: unknown): string {
  const s = state as RifleState;
  switch (stageOf(s)) {
    case 'leaders':
      return (
        'Pick your leader with /rifle leader (no two alike): Harrod (extra Build, Trade ' +
        'or Recruit), Boone (Fight +2, extra Hunt), Clark (Fight +4), Logan (Fight +2, ' +
        'extra Build), Ann Lindsay (extra Home Industry, Cooking or Weaving).'
      );
    case 'plan': {
      const season = seasonOf(s.turn);
      const notes = [
        season === 'spring' ? 'Spring: Plant now (Grain → Planted Seed, limited by free Plots, Horses, Implements).' : '',
        season === 'fall' ? 'Fall: Harvest now (each Planted Seed → 8 Grain).' : '',
        season === 'winter'
          ? 'Winter: no Recruit, Husbandry or Gathering; Fishing gives 1 Food. A Winter roll follows (Fuel = Wood, then Lumber).'
          : '',
        season === 'summer' ? 'Summer: Gathering also gives 1 Happiness.' : '',
      ].filter(Boolean);
      return (
        `Action Phase: one action per Folk. Limits shared by actions naming the same ` +
        `factor (Tools, Horses, Implements, Rifles, Looms); hard maxima per turn; one ` +
        `Carpenter and one Blacksmith action (more with shops and craftsmen). Plan with ` +
        `/rifle plan or /rifle plans, trade with /rifle sell and /rifle buy, then /rifle ` +
        `done. ${notes.join(' ')}`
      );
    }
    case 'resolve':
      return (
        `${PHASE_NAMES[resolvePhaseOf(s)]}: the dice are rolled for every settlement; ` +
        `answer any question with /rifle choose (or /rifle reroll / accept for a raid).`
      );
    case 'over':
      return 'The game is over: see the awards.';
  }
}

export const help: HelpTopic = { overview, phase: phaseHelp };
