// The maps bench (maps.ts) as the bot runs: bundled by bench.ts like the load bench and run with plain node.
import { runMaps } from './maps.ts';

runMaps(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
