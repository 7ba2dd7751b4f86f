// Registers every game system with its renderers: the table's part, above
// render/, so rules modules (src/games) import no renderer. Idempotent.
import { getGame, registerGame } from '../games/registry.ts';
import { atkm } from '../games/atkm/index.ts';
import { kpw } from '../games/kpw/index.ts';
import { rifle } from '../games/rifle/index.ts';
import { wog } from '../games/wog/index.ts';
import { wk4 } from '../games/wk4/index.ts';
import { renderers } from '../../render/renderers.ts';

export function registerAllGames(): void {
  if (!getGame(kpw.id)) registerGame({ ...kpw, render: renderers.kpw, renderZoom: renderers['kpw:zoom'] });
  if (!getGame(rifle.id)) registerGame({ ...rifle, render: renderers.rifle, renderZoom: renderers['rifle:zoom'] });
  if (!getGame(wog.id)) registerGame({ ...wog, render: renderers.wog, renderZoom: renderers['wog:zoom'] });
  if (!getGame(wk4.id)) registerGame({ ...wk4, render: renderers.wk4, renderZoom: renderers['wk4:zoom'] });
  if (!getGame(atkm.id)) registerGame({ ...atkm, render: renderers.atkm, renderZoom: renderers['atkm:zoom'] });
}
