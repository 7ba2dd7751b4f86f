// Registers every game system with its renderer (the table's part: rules
// modules import no renderer). Idempotent.
import { getGame, registerGame } from './registry.ts';
import { atkm } from './atkm/index.ts';
import { kpw } from './kpw/index.ts';
import { rifle } from './rifle/index.ts';
import { wog } from './wog/index.ts';
import { wk4 } from './wk4/index.ts';
import { renderers } from '../../render/renderers.ts';

export function registerAllGames(): void {
  if (!getGame(kpw.id)) registerGame({ ...kpw, render: renderers.kpw, renderZoom: renderers['kpw:zoom'] });
  if (!getGame(rifle.id)) registerGame({ ...rifle, render: renderers.rifle, renderZoom: renderers['rifle:zoom'] });
  if (!getGame(wog.id)) registerGame({ ...wog, render: renderers.wog, renderZoom: renderers['wog:zoom'] });
  if (!getGame(wk4.id)) registerGame({ ...wk4, render: renderers.wk4, renderZoom: renderers['wk4:zoom'] });
  if (!getGame(atkm.id)) registerGame({ ...atkm, render: renderers.atkm, renderZoom: renderers['atkm:zoom'] });
}
