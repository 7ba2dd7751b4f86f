// The load bench as the bot runs: bench.ts bundles this with `npm run build`'s
// settings (src/build.ts) and starts it with plain node, so the figures are
// those of the built bot, not of tsx compiling TypeScript in every thread.
import { runLoad } from './load.ts';

runLoad(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
