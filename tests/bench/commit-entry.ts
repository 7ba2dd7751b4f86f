// The commit bench as the bot runs: bench.ts bundles this with `npm run build`'s
// settings and starts it with `npm start`'s node flags (the young generation's
// size among them), so the figures are the built bot's, not tsx's (whose
// keepNames names every closure as it is made, in the rules' hot paths too).
import { runCommit } from './commit.ts';

runCommit(process.argv.slice(2));
process.exit(0);
