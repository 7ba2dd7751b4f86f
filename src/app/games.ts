// Registers every game system: its rules, its table and its renderers. The
// renderers join here, above render/, so rules modules (src/games) import no
// renderer. Idempotent.
import { getGame, registerGame } from '../games/registry.ts';
import { atkmRules, atkmTable } from '../games/atkm/index.ts';
import { kpwRules, kpwTable } from '../games/kpw/index.ts';
import { rifleRules, rifleTable } from '../games/rifle/index.ts';
import { wogRules, wogTable } from '../games/wog/index.ts';
import { wk4Rules, wk4Table } from '../games/wk4/index.ts';
import { renderers } from '../../render/renderers.ts';

export function registerAllGames(): void {
  if (!getGame(kpwRules.id)) registerGame({ ...kpwRules, ...kpwTable, render: renderers.kpw, renderZoom: renderers['kpw:zoom'] });
  if (!getGame(rifleRules.id)) registerGame({ ...rifleRules, ...rifleTable, render: renderers.rifle, renderZoom: renderers['rifle:zoom'] });
  if (!getGame(wogRules.id)) registerGame({ ...wogRules, ...wogTable, render: renderers.wog, renderZoom: renderers['wog:zoom'] });
  if (!getGame(wk4Rules.id)) registerGame({ ...wk4Rules, ...wk4Table, render: renderers.wk4, renderZoom: renderers['wk4:zoom'] });
  if (!getGame(atkmRules.id)) registerGame({ ...atkmRules, ...atkmTable, render: renderers.atkm, renderZoom: renderers['atkm:zoom'] });
}
