/**
 * A bot process that only attaches files (run by the kill test with `node --import tsx`): it puts
 * one message's files on a ticket against the parent's emulator and file host, with its memos in
 * a SQLite file, prints "attached" and exits. The parent kills it where it likes.
 */
import { featureMigrations } from '../../../src/features';
import { createFilesFeature, filesFeature, slackFileRefs } from '../../../src/features/files';
import { connectionFor } from '../../../src/emulator';
import { createGraphClient } from '../../../src/graph';
import { createHelpdeskService } from '../../../src/helpdesk';
import { DEFAULT_VOCABULARY } from '../../../src/config';
import { createLogger } from '../../../src/log';
import { createSqliteStore } from '../../../src/store';

const input = JSON.parse(process.env.FILES_CHILD_INPUT ?? '{}');
const logger = createLogger({ level: 'error' });
const graph = createGraphClient({ ...connectionFor(input.site), logger, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterSeconds: 1 } });
const helpdesk = createHelpdeskService({
  graph, logger,
  settings: { agentEmailField: 'SD_Email', ...DEFAULT_VOCABULARY },
});
const store = createSqliteStore({ file: input.storeFile, features: featureMigrations([filesFeature]) });
const files = createFilesFeature({
  graph, helpdesk, memos: store, logger,
  hosts: { slack: { token: input.token, hosts: [input.slackOrigin] } },
  settings: { maxBytes: 25 * 1024 * 1024, folder: 'SD_Attachments' },
});
const result = await files.attach({ ticketId: input.ticketId, actor: input.actor, messageKey: input.messageKey, files: slackFileRefs(input.files) });
await store.close();
process.stdout.write(`attached ${JSON.stringify(result.kept.map((f) => f.name))}\n`);
