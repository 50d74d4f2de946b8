/**
 * Test helper process for the kill -9 persistence test: opens a backend on a data directory and commits
 * documents c/d0, c/d1, ... as fast as it can, printing "acked N" after each acknowledged commit.
 */
import { createBackend } from './backend';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: persistence-child <dataDir>');
const b = createBackend({ dataDir: dir });
const DB = 'projects/p/databases/(default)';
let i = 0;
const loop = async (): Promise<void> => {
  for (;;) {
    await b.unary(
      'Commit',
      {
        database: DB,
        writes: [
          {
            update: {
              name: `${DB}/documents/c/d${i}`,
              fields: { i: { integerValue: String(i) }, pad: { stringValue: 'x'.repeat(200) } },
            },
          },
        ],
      },
      { kind: 'owner' },
    );
    process.stdout.write(`acked ${i}\n`);
    i++;
    if (i % 50 === 0) await new Promise((r) => setImmediate(r));
  }
};
void loop();
