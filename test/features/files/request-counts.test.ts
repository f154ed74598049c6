/**
 * What the files on agents' cards cost, counted at the embedded site (whose site has a document
 * library): issue 11's ten commands through the app's registry with every feature on stay at 17
 * Graph requests (21 when every agent card read the ticket's folder); a ticket without files costs
 * no request and logs nothing; a ticket with files is read once per version of the ticket and of
 * its files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleText } from '../../../src/commands';
import { registryOf } from '../../../src/commands/registry';
import type { CommandContext } from '../../../src/commands/types';
import { bindFeatures, featureMigrations, FEATURES } from '../../../src/features';
import { createFileNotes, createFilesFeature, filesFeature, slackFileRefs } from '../../../src/features/files';
import type { Actor } from '../../../src/helpdesk/types';
import { createLogger } from '../../../src/log';
import { createSqliteStore, type Store } from '../../../src/store';
import { appCommands, countRows, patti, tenCommands } from '../../../bench/support/ten-commands';
import { UNSET_OPENED } from '../../support/feature-commands';
import { startHelpdeskStack, type HelpdeskStack } from '../../support/helpdesk-stack';
import { PERSON, SLACK_TOKEN, png, startFilesScene, type FilesScene } from './scene';

const megan: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };

describe('the ten commands with every feature on, files too', () => {
  let stack: HelpdeskStack;
  let store: Store;
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'demo' });
    store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
    await stack.helpdesk.activeAgents();
    await stack.helpdesk.ticketSchema();
  }, 30_000);
  afterAll(async () => {
    await store?.close();
    await stack?.close();
  });

  it('cost 17 Graph requests, as without files: no agent card reads a folder of a ticket without files', async () => {
    const commands = await appCommands(store, stack.graph, stack.helpdesk, createLogger({ level: 'error' }));
    const file = (title: string) => stack.helpdesk.createTicket(patti, { title, description: 'counted', priority: 'Normal', category: 'Hardware' });
    const counted = await countRows(tenCommands(commands, stack.helpdesk, file), stack.emulator, 1, 0);
    expect(counted.filter((c) => c.routes['GET drive/children']).map((c) => c.name)).toEqual([]);
    expect(counted.reduce((a, c) => a + c.requests, 0)).toBe(17);
  });
});

describe("an agent's card and the ticket's files", () => {
  let scene: FilesScene;
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
  let ctx: CommandContext;
  beforeAll(async () => {
    scene = await startFilesScene({ logger });
    const commands = registryOf(bindFeatures([filesFeature], { graph: scene.stack.graph, helpdesk: scene.stack.helpdesk, store: scene.store, opened: UNSET_OPENED, logger, db: await scene.store.featureDatabase() }));
    ctx = { actor: megan, helpdesk: scene.stack.helpdesk, commands, conversation: { platform: 'slack', id: 'D1', kind: 'personal' }, channel: {} };
    await scene.stack.helpdesk.activeAgents();
  }, 30_000);
  afterAll(() => scene?.close());

  /** An agent's `show`: the files on the card and the library requests it made. */
  async function show(id: number) {
    scene.stack.emulator.counters.reset();
    const reply = await handleText(ctx, `show ${id}`);
    expect(reply.view.type).toBe('ticket');
    const ticket = (reply.view as { ticket: { links?: { links: { text: string }[] } } }).ticket;
    const library = Object.entries(scene.stack.emulator.counters.all()).filter(([route]) => route.includes('drive')).reduce((a, [, n]) => a + n, 0);
    return { files: ticket.links?.links.map((f) => f.text) ?? [], library };
  }

  it('a ticket without files costs no library request', async () => {
    const id = await scene.ticket('Nothing attached here');
    expect(await show(id)).toEqual({ files: [], library: 0 });
  });

  it('an ordinary `show` logs nothing at info level', async () => {
    const id = await scene.ticket('Nothing to log here');
    lines.length = 0;
    await show(id);
    expect(lines).toEqual([]);
  });

  it('a folder that is not there (removed in the library) is an ordinary answer: the card goes without files, nothing logged', async () => {
    const id = await scene.ticket('Folder removed');
    await createFileNotes(await scene.store.featureDatabase()).note(id, new Date());
    lines.length = 0;
    expect(await show(id)).toEqual({ files: [], library: 1 });
    expect(lines).toEqual([]);
  });

  it('a ticket with files lists them with one folder read, kept while neither the ticket nor its files change', async () => {
    const id = await scene.ticket('Screenshots attached');
    const attach = (name: string, key: string) => scene.files.attach({
      ticketId: id, actor: PERSON, messageKey: key,
      files: slackFileRefs([{ name, size: 300, url_private_download: scene.slackHost.serve(`/f/${key}/${name}`, png(300)) }]),
    });
    expect((await attach('first.png', 'm1')).kept).toHaveLength(1);
    expect(await show(id)).toEqual({ files: ['first.png'], library: 1 });
    expect(await show(id)).toEqual({ files: ['first.png'], library: 0 });

    expect((await attach('second.png', 'm2')).kept).toHaveLength(1);
    expect(await show(id)).toEqual({ files: ['first.png', 'second.png'], library: 1 });

    await scene.stack.helpdesk.setStatus(megan, id, 'In Progress');
    expect(await show(id)).toEqual({ files: ['first.png', 'second.png'], library: 1 });
  });

  it('a ticket whose files came before the bot kept notes shows them when a comment on its card links them', async () => {
    const id = await scene.ticket('Attached before the notes');
    // Another store (an installation before the notes were kept): the file and its comment, no note in this one.
    const older = createSqliteStore({ file: ':memory:', features: featureMigrations([filesFeature]) });
    try {
      const before = await createFilesFeature({
        graph: scene.stack.graph, helpdesk: scene.stack.helpdesk, memos: older, logger: createLogger({ level: 'error' }),
        hosts: { slack: { token: SLACK_TOKEN, hosts: [scene.slackHost.origin] } }, settings: { maxBytes: 1 << 20, folder: 'SD_Attachments' },
      }).attach({
        ticketId: id, actor: PERSON, messageKey: 'old',
        files: slackFileRefs([{ name: 'old.png', size: 300, url_private_download: scene.slackHost.serve('/f/old.png', png(300)) }]),
      });
      expect(before.commented).toBe(true);
    } finally {
      await older.close();
    }
    expect(await show(id)).toEqual({ files: ['old.png'], library: 1 });
  });
});
