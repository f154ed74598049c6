/**
 * Bulk read through the Graph client: 100k tickets on the embedded site (memory only), read with
 * $top=5000 pages. Prints items/s, token requests (must be 1), peak RSS and elapsed time.
 * Run: npx tsx bench/graph-read.ts [count] [--smoke]
 */
import { connectionFor, startEmulator } from '../src/emulator';
import { createGraphClient } from '../src/graph';
import { createLogger } from '../src/log';
import { positional, sized } from './support/smoke';

async function main(): Promise<void> {
  const count = Number(positional[0] ?? sized(100_000, 2_000));
  const emu = await startEmulator({ seed: 'none' });
  try {
    const rows = Array.from({ length: count }, (_, i) => ({
      Title: `Bench ticket ${i}`,
      SD_Description: `Generated ticket number ${i} for the bulk read benchmark.`,
      SD_Priority: ['Low', 'Normal', 'High', 'Urgent'][i % 4],
      SD_Status: ['New', 'Assigned', 'In Progress', 'Resolved'][i % 4],
      SD_Category: 'Hardware',
      SD_SubmittedByEmail: `user${i % 500}@example.com`,
      SD_SubmittedByName: `User ${i % 500}`,
      SD_AssignedTo: i % 3 ? 'meganb@example.com' : '',
    }));
    const loadStart = performance.now();
    emu.data.bulkInsert('SD_Tickets', rows);
    const loadMs = performance.now() - loadStart;

    const client = createGraphClient({
      ...connectionFor(emu),
      logger: createLogger({ level: 'warn' }),
    });
    const ids = new Set<string>();
    const start = performance.now();
    for await (const item of client.listAll('SD_Tickets', { top: 5000 })) ids.add(item.id);
    const elapsedMs = performance.now() - start;

    const result = {
      items: ids.size,
      expected: count,
      pages: emu.counters.get('GET SD_Tickets/items'),
      itemsPerSecond: Math.round(ids.size / (elapsedMs / 1000)),
      tokenRequests: client.tokenRequests,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      elapsedMs: Math.round(elapsedMs),
      insertMs: Math.round(loadMs),
      note: 'client and emulator share this process, so RSS and time include both',
    };
    console.log(JSON.stringify(result, null, 2));
    if (ids.size !== count || client.tokenRequests !== 1) {
      console.error('FAIL: every item exactly once with one token request was expected');
      process.exitCode = 1;
    }
  } finally {
    await emu.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
