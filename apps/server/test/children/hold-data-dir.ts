/**
 * A separate process that opens the embedded database in the folder given as its argument,
 * writes a row, says "ready" and holds it until SIGTERM (or until it is killed).
 */
import { openPglite } from '../../src/infra/db/client.js';

const dir = process.argv[2]!;
try {
  const database = await openPglite(dir);
  await database.exec(`CREATE TABLE IF NOT EXISTS marks (pid int); INSERT INTO marks VALUES (${process.pid});`);
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    void database.close().then(() => process.exit(0));
  });
  setInterval(() => undefined, 60_000);
} catch (err) {
  process.stdout.write(`refused: ${(err as Error).message}\n`);
  process.exit(3);
}
