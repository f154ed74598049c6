/** A files scene: the embedded site (lists and library), the platforms' file hosts and "elsewhere", all real HTTP on loopback. */
import { createSqliteStore, type Store } from '../../../src/store';
import { featureMigrations } from '../../../src/features';
import { createFilesFeature, filesFeature, type FilesFeature } from '../../../src/features/files';
import type { Actor } from '../../../src/helpdesk/types';
import { createLogger, type Logger } from '../../../src/log';
import { startFakeFileHost, type FakeFileHost } from '../../support/fake-file-host';
import { startHelpdeskStack, type HelpdeskStack } from '../../support/helpdesk-stack';

export const SLACK_TOKEN = 'xoxb-1-files-test';
export const CONNECTOR_TOKEN = 'connector-token-for-files-test';
export const PERSON: Actor = { email: 'johannal@example.com', name: 'Johanna Lorenz' };

/** Everything a files test touches. */
export interface FilesScene {
  stack: HelpdeskStack;
  store: Store;
  slackHost: FakeFileHost;
  teamsHost: FakeFileHost;
  connector: FakeFileHost;
  elsewhere: FakeFileHost;
  files: FilesFeature;
  /** A new ticket filed by PERSON. */
  ticket(title?: string): Promise<number>;
  close(): Promise<void>;
}

/** Starts a scene; `maxMb` sets HELPDESK_ATTACHMENT_MAX_MB, `storeFile` keeps the memos in a file, `logger` is where the Graph client and the service log. */
export async function startFilesScene(options: { maxMb?: number; storeFile?: string; dataDir?: string; logger?: Logger } = {}): Promise<FilesScene> {
  const stack = await startHelpdeskStack({ seed: 'demo', dataDir: options.dataDir, ...(options.logger ? { logger: options.logger } : {}) });
  const [slackHost, teamsHost, connector, elsewhere] = await Promise.all([
    startFakeFileHost({ token: SLACK_TOKEN }), startFakeFileHost(), startFakeFileHost({ token: CONNECTOR_TOKEN }), startFakeFileHost(),
  ]);
  const store = createSqliteStore({ file: options.storeFile ?? ':memory:', features: featureMigrations([filesFeature]) });
  const files = createFilesFeature({
    graph: stack.graph,
    helpdesk: stack.helpdesk,
    memos: store,
    hosts: {
      slack: { token: SLACK_TOKEN, hosts: [slackHost.origin] },
      teams: { downloadHosts: [teamsHost.origin], connector: { hosts: [connector.origin], token: async () => CONNECTOR_TOKEN } },
    },
    settings: { maxBytes: (options.maxMb ?? 25) * 1024 * 1024, folder: 'SD_Attachments' },
    logger: createLogger({ level: 'error' }),
  });
  return {
    stack, store, slackHost, teamsHost, connector, elsewhere, files,
    async ticket(title = 'The printer shows an error') {
      return (await stack.helpdesk.createTicket(PERSON, { title, description: 'See the screenshots.' })).id;
    },
    async close() {
      await store.close();
      await Promise.all([slackHost, teamsHost, connector, elsewhere].map((h) => h.close()));
      await stack.close();
    },
  };
}

/** A PNG-looking file of `size` bytes. */
export const png = (size: number) => ({ head: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), size, contentType: 'image/png' });
/** A PDF-looking file of `size` bytes. */
export const pdf = (size: number) => ({ head: Buffer.from('%PDF-1.7\n'), size, contentType: 'application/pdf' });
