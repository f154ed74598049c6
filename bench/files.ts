/**
 * Files on tickets, memory: 20 files of 25 MB (two messages of 10) pass from a Slack file host
 * stand-in to the embedded site's library through the files feature, streamed in chunks. The
 * figure is the bot side's peak RSS during the transfer above its RSS when idle; idle is measured
 * after one 5 MB file went through, so one-off costs (compiling the upload path, the allocator's
 * first growth) are not counted as per-file. The peak mark is reset at idle through
 * /proc/<pid>/clear_refs (Linux). The budget is 40 MiB.
 * The site and the file host run in this process; the feature in its own (bench/support/files-worker.ts).
 * Run: npx tsx bench/files.ts [--smoke]   (--smoke: 2 files of 5 MB)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectionFor, startEmulator } from '../src/emulator';
import { createGraphClient } from '../src/graph';
import { startFakeFileHost } from '../test/support/fake-file-host';
import { loadAverage, sized } from './support/smoke';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILES = sized(20, 2);
const SIZE = sized(25_000_000, 5_000_000);
const TOKEN = 'xoxb-bench-files';

function procMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

const emu = await startEmulator({ seed: 'demo' });
const host = await startFakeFileHost({ token: TOKEN });
const graph = createGraphClient(connectionFor(emu));
const ticket = await graph.createItem('SD_Tickets', { Title: 'Bench: files', SD_SubmittedByEmail: 'johannal@example.com', SD_SubmittedBy: 'johannal@example.com', SD_SubmittedByName: 'Johanna Lorenz', SD_Status: 'New', SD_Priority: 'Normal' });
const file = (i: number, size: number) => ({ name: `capture-${i}.png`, size, url_private_download: host.serve(`/f/${i}`, { size, head: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }) });
const messages = [file(0, SIZE), ...Array.from({ length: FILES - 1 }, (_, i) => file(i + 1, SIZE))]
  .reduce<ReturnType<typeof file>[][]>((out, f, i) => (i % 10 === 0 ? [...out, [f]] : (out.at(-1)!.push(f), out)), []);

const worker = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join('bench', 'support', 'files-worker.ts')], {
  cwd: root,
  env: { ...process.env, FILES_BENCH_INPUT: JSON.stringify({ site: emu, token: TOKEN, origin: host.origin, ticketId: Number(ticket.id), warm: file(999, sized(5_000_000, 2000)), messages }) },
  stdio: ['pipe', 'pipe', 'inherit'],
});
let out = '';
const said = (word: string) => new Promise<string>((resolve, reject) => {
  const check = () => {
    const m = new RegExp(`^${word}(.*)$`, 'm').exec(out);
    if (m) resolve(m[1].trim());
  };
  worker.stdout!.on('data', (d) => {
    out += d;
    check();
  });
  worker.once('exit', (code) => reject(new Error(`worker exited (${code}) before "${word}"`)));
  check();
});

await said('idle');
const pid = worker.pid!;
const idle = procMiB(pid, 'VmRSS');
writeFileSync(`/proc/${pid}/clear_refs`, '5');
worker.stdin!.write('go\n');
const seconds = await said('done');
const peak = procMiB(pid, 'VmHWM');
const kept = emu.drive.children(`SD_Attachments/${ticket.id}`).filter((f) => f.size === SIZE).length;
process.stdout.write(`files: ${kept} of ${FILES} files of ${(SIZE / 1e6).toFixed(0)} MB kept, in ${seconds} s (load ${loadAverage()})
RSS idle: ${idle.toFixed(1)} MiB, peak during transfer: ${peak.toFixed(1)} MiB
peak above idle: ${(peak - idle).toFixed(1)} MiB (budget 40 MiB)
`);
worker.kill();
await host.close();
await emu.close();
if (kept !== FILES) process.exit(1);
