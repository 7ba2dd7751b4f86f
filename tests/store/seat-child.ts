// Child process for seats.test.ts: read the lobby, wait for the shared start
// time, then try to take the seat that looked free. Prints "won" or "lost".
import { Store, StoreConflictError } from '../../src/store/store.ts';

const [db, gameId, user, startAt] = process.argv.slice(2);
const store = new Store(db);
const free = !store.seats(Number(gameId)).some((s) => s.role === 'b');
while (Date.now() < Number(startAt)) {
  // spin: both children write at the same moment
}
try {
  if (!free) throw new StoreConflictError('seat b looked taken');
  store.takeSeat(Number(gameId), 'b', user, user, null);
  console.log('won');
} catch (e) {
  if (!(e instanceof StoreConflictError)) throw e;
  console.log(`lost: ${e.message}`);
}
store.close();
