// The eleven nations of Warrior Kings IV with the home cities and ports the
// rules' deployment table gives (Masovia and Nazeria: two home cities, no
// port). Colours and marks are ours: the colours chosen to stay distinct on
// the map, the marks (two letters on every counter) for readers who cannot
// tell the colours apart.

export const NATION_IDS = [
  'almagora',
  'capetan',
  'corona',
  'dwaffenreik',
  'draakheeri',
  'masovia',
  'feiland',
  'jormundgaard',
  'kalmar',
  'magarhita',
  'nazeria',
] as const;
export type NationId = (typeof NATION_IDS)[number];

export interface NationInfo {
  id: NationId;
  name: string;
  /** Home cities by name, as the rules' table spells them. */
  homeCities: readonly string[];
  /** Home ports by name (none for Masovia and Nazeria). */
  homePorts: readonly string[];
  /** Map colour (ours). */
  colour: string;
  /**
   * Two letters on every army, fleet and owned centre of the nation (ours):
   * eleven colours cannot all stay apart for colour-blind players, the
   * letters do (issue 19 §8).
   */
  mark: string;
}

export const NATIONS: Readonly<Record<NationId, NationInfo>> = {
  almagora: { id: 'almagora', name: 'Almagora', homeCities: ['Almagora'], homePorts: ['Barca'], colour: '#d4a017', mark: 'Al' },
  capetan: { id: 'capetan', name: 'Capetan', homeCities: ['Valois'], homePorts: ['Terrebon'], colour: '#2e5cb8', mark: 'Ca' },
  corona: { id: 'corona', name: 'Corona', homeCities: ['Corona'], homePorts: ['San Pedro'], colour: '#c0392b', mark: 'Co' },
  dwaffenreik: { id: 'dwaffenreik', name: 'Dwaffenreik', homeCities: ['Alesund'], homePorts: ['Trondheim'], colour: '#7f8c8d', mark: 'Dw' },
  draakheeri: {
    id: 'draakheeri',
    name: 'Draakheeri Empire',
    homeCities: ['Draakheeros'],
    homePorts: ['Mourngar'],
    colour: '#4a235a',
    mark: 'Dr',
  },
  masovia: { id: 'masovia', name: 'Masovia', homeCities: ['Varsav', 'Karsk'], homePorts: [], colour: '#e67e22', mark: 'Ms' },
  feiland: { id: 'feiland', name: 'Feiland', homeCities: ['Berthierville'], homePorts: ['Aacheen'], colour: '#27ae60', mark: 'Fe' },
  jormundgaard: {
    id: 'jormundgaard',
    name: 'Jormundgaard',
    homeCities: ['Jormundar'],
    homePorts: ['Ruthern'],
    colour: '#17a2b8',
    mark: 'Jo',
  },
  kalmar: { id: 'kalmar', name: 'Kalmar', homeCities: ['Thormodh'], homePorts: ['Kalmar'], colour: '#1b2f6e', mark: 'Ka' },
  magarhita: { id: 'magarhita', name: 'Magarhita', homeCities: ['Magarhita'], homePorts: ['Las Flores'], colour: '#e84393', mark: 'Mg' },
  nazeria: { id: 'nazeria', name: 'Nazeria', homeCities: ['Kalaach', 'Nergal'], homePorts: [], colour: '#8d6e3f', mark: 'Nz' },
};

export const isNationId = (s: string): s is NationId => (NATION_IDS as readonly string[]).includes(s);
