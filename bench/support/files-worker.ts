/**
 * The bot side of bench/files.ts, in its own process so its memory is measured alone: the files
 * feature with a Graph client, the help-desk service and a SQLite store, as the bot builds them.
 * It attaches one file to warm up (a 5 MB one: the session path is compiled and its buffers sized), prints "idle", then on a line on stdin attaches the
 * messages it was given one after another and prints "done <seconds>".
 */
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { connectionFor } from '../../src/emulator';
import { featureMigrations } from '../../src/features';
import { createFilesFeature, filesFeature, slackFileRefs, type SlackFile } from '../../src/features/files';
import { createGraphClient } from '../../src/graph';
import { createHelpdeskService } from '../../src/helpdesk';
import { createLogger } from '../../src/log';
import { createSqliteStore } from '../../src/store';
import { favourMemory } from '../../src/v8-memory';

// The V8 flags the bot sets for itself at start (src/main.ts), before any request is made.
favourMemory();

const input = JSON.parse(process.env.FILES_BENCH_INPUT ?? '{}') as {
  site: Parameters<typeof connectionFor>[0]; token: string; origin: string; ticketId: number; warm: SlackFile; messages: SlackFile[][];
};
const logger = createLogger({ level: 'error' });
const graph = createGraphClient({ ...connectionFor(input.site), logger });
const helpdesk = createHelpdeskService({ graph, logger, settings: { agentEmailField: 'SD_Email', ...DEFAULT_VOCABULARY } });
const store = createSqliteStore({ dataDir: mkdtempSync(path.join(tmpdir(), 'bench-files-store-')), features: featureMigrations([filesFeature]) });
const files = createFilesFeature({
  graph, helpdesk, memos: store, logger,
  hosts: { slack: { token: input.token, hosts: [input.origin] } },
  settings: { maxBytes: 25 * 1024 * 1024, folder: 'SD_Attachments' },
});
const actor = { email: 'johannal@example.com', name: 'Johanna Lorenz' };
await files.attach({ ticketId: input.ticketId, actor, messageKey: 'bench:warm', files: slackFileRefs([input.warm]) });
global.gc?.();
process.stdout.write('idle\n');
await once(process.stdin, 'data');
const started = performance.now();
for (const [i, message] of input.messages.entries()) {
  const result = await files.attach({ ticketId: input.ticketId, actor, messageKey: `bench:${i}`, files: slackFileRefs(message) });
  if (result.kept.length !== message.length) throw new Error(`only ${result.kept.length} of ${message.length} files were kept: ${result.lines.join(' ')}`);
}
process.stdout.write(`done ${((performance.now() - started) / 1000).toFixed(1)}\n`);
await store.close();
process.exit(0);
