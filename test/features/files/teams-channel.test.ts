/**
 * The Teams channel hands a personal-chat message's files to the files feature: real activities
 * through the real server and CloudAdapter, the Bot Connector stand-in (which also serves pasted
 * images), a Teams download URL stand-in and the embedded site. A channel message with a file
 * gets one line pointing to the personal chat.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registryOf } from '../../../src/commands/registry';
import { bindFeatures } from '../../../src/features/bind';
import { createFilesFeature, filesFeature, TEAMS_FILE_DOWNLOAD_INFO } from '../../../src/features/files';
import { createLogger } from '../../../src/log';
import { featureMigrations } from '../../../src/features';
import { createSqliteStore, type Store } from '../../../src/store';
import { UNSET_OPENED } from '../../support/feature-commands';
import { startFakeFileHost, type FakeFileHost } from '../../support/fake-file-host';
import { startTeamsHarness, type TeamsHarness } from '../../teams/harness';

let teams: TeamsHarness;
let host: FakeFileHost;
let store: Store;
beforeEach(async () => {
  host = await startFakeFileHost();
  store = createSqliteStore({ file: ':memory:', features: featureMigrations([filesFeature]) });
  const db = await store.featureDatabase();
  teams = await startTeamsHarness({
    commands: (stack) => registryOf(bindFeatures([filesFeature], { graph: stack.graph, helpdesk: stack.helpdesk, store, opened: UNSET_OPENED, logger: createLogger({ level: 'error' }), db })),
    files: (stack) => createFilesFeature({
      graph: stack.graph, helpdesk: stack.helpdesk, memos: store, logger: createLogger({ level: 'error' }),
      hosts: { teams: { downloadHosts: [host.origin] } }, settings: { maxBytes: 25 * 1024 * 1024, folder: 'SD_Attachments' },
    }),
  });
});
afterEach(async () => {
  await teams.close();
  await store.close();
  await host.close();
});

const LYNNE = { email: 'lynner@example.com', name: 'Lynne Robbins' };

describe('files in Teams', () => {
  it('a personal-chat comment with a file sent to the bot and a pasted screenshot puts both on the ticket', async () => {
    const ticket = await teams.stack.helpdesk.createTicket(LYNNE, { title: 'Projector in room 4 flickers' });
    teams.connector.attachments.set('0-weu-d1-paste', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(30_000, 1)]));
    const activity = teams.fixture('message-personal', 'lynne', {
      text: `comment ${ticket.id} It flickers every few seconds`,
      attachments: [
        { contentType: TEAMS_FILE_DOWNLOAD_INFO, name: 'flicker.mp4', content: { downloadUrl: host.serve('/personal/lynner/download.aspx', { size: 700_000 }), uniqueId: 'x', fileType: 'mp4' } },
        { contentType: 'image/png', contentUrl: new URL('/v3/attachments/0-weu-d1-paste/views/original', teams.connector.url).toString() },
        { contentType: 'text/html', content: '<p>It flickers</p>' },
      ],
    });
    expect((await teams.post(activity)).status).toBe(200);

    expect(teams.stack.emulator.drive.children(`SD_Attachments/${ticket.id}`)).toEqual([{ name: 'flicker.mp4', size: 700_000 }, { name: 'image-1.png', size: 30_004 }]);
    const bodies = (await teams.stack.helpdesk.listComments(LYNNE, ticket.id)).map((c) => c.body.replace(/ http\S+/g, ''));
    expect(bodies).toEqual(['It flickers every few seconds', 'Attached: flicker.mp4 (684 KB)\nAttached: image-1.png (29 KB)']);
    // Local use has no app id: no token went to the download host, and none to the connector for the image.
    expect(host.requests).toEqual([{ path: '/personal/lynner/download.aspx' }]);
  });

  it('a file Teams would not hand over is named, the comment stands once, and no resend of the same message is asked for', async () => {
    const ticket = await teams.stack.helpdesk.createTicket(LYNNE, { title: 'Docking station drops the screen' });
    const url = host.serve('/personal/lynner/dock.jpg', { size: 2_000 });
    host.fail(403);
    const before = teams.connector.activities.length;
    const activity = teams.fixture('message-personal', 'lynne', {
      text: `comment ${ticket.id} It goes black every hour`,
      attachments: [{ contentType: TEAMS_FILE_DOWNLOAD_INFO, name: 'dock.jpg', content: { downloadUrl: url, uniqueId: 'd', fileType: 'jpg' } }],
    });
    expect((await teams.post(activity)).status).toBe(200);

    const said = teams.connector.activities.slice(before).map((a) => a.activity.text).filter(Boolean).join('\n');
    expect(said).toContain(`dock.jpg was not added: it could not be downloaded from the chat. What you wrote is on ticket #${ticket.id}; to add the file, send it in a new message with \`comment ${ticket.id}\` and a few words about it.`);
    expect(said).not.toMatch(/send it again|send them again/i);
    expect((await teams.stack.helpdesk.listComments(LYNNE, ticket.id)).map((c) => c.body)).toEqual(['It goes black every hour']);
  });

  it('an agent\'s `show` of the ticket lists its files, linked, with one folder read; the requester\'s own card does not', async () => {
    const ticket = await teams.stack.helpdesk.createTicket(LYNNE, { title: 'Printer jams on tray 2' });
    teams.connector.attachments.set('0-weu-d3-paste', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(3_000, 3)]));
    const comment = teams.fixture('message-personal', 'lynne', {
      text: `comment ${ticket.id} Here is the jam`,
      attachments: [{ contentType: 'image/png', contentUrl: new URL('/v3/attachments/0-weu-d3-paste/views/original', teams.connector.url).toString() }],
    });
    expect((await teams.post(comment)).status).toBe(200);
    const cardOf = async (who: 'dana' | 'lynne') => {
      const before = teams.connector.activities.length;
      expect((await teams.post(teams.fixture('message-personal', who, { text: `show ${ticket.id}` }))).status).toBe(200);
      return JSON.stringify(teams.connector.activities.slice(before).map((a) => a.activity.attachments));
    };

    teams.stack.emulator.counters.reset();
    const agents = await cardOf('dana');
    expect(agents).toMatch(/\[image-1\.png\]\(http:\/\/127\.0\.0\.1:\d+\/drive-files\/[^)]+\) \(3 KB\)/);
    expect(teams.stack.emulator.counters.all()['GET drive/children']).toBe(1);
    const requesters = await cardOf('lynne');
    expect(requesters).toContain('Printer jams on tray 2');
    // The requester sees the comment that says the file was attached, and no files list.
    expect(requesters).toContain('Attached: image-1.png');
    expect(requesters).not.toMatch(/\[image-1\.png\]\(/);
  });

  it('a channel message with a file gets one line: bots are not sent files there', async () => {
    const activity = teams.fixture('message-channel-mention', 'lynne', {
      text: '<at>Help Desk</at> help',
      attachments: [{ contentType: 'reference', contentUrl: 'https://contoso.sharepoint.com/sites/x/Shared Documents/a.png', name: 'a.png' }],
    });
    const before = teams.connector.activities.length;
    expect((await teams.post(activity)).status).toBe(200);
    const said = teams.connector.activities.slice(before).map((a) => a.activity.text).filter(Boolean);
    expect(said).toContain('Files sent in a channel do not reach the bot, so 1 file was not kept. Send it to the bot in a personal chat to add it to a ticket.');
    expect(host.requests).toEqual([]);
  });

  it('a pasted screenshot with text offered as a ticket waits for the click that files it', async () => {
    teams.connector.attachments.set('0-weu-d2-paste', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(5_000, 2)]));
    const activity = teams.fixture('message-personal', 'lynne', {
      text: 'The scanner on floor 2 jams on every page',
      attachments: [{ contentType: 'image/png', contentUrl: new URL('/v3/attachments/0-weu-d2-paste/views/original', teams.connector.url).toString() }],
    });
    const before = teams.connector.activities.length;
    expect((await teams.post(activity)).status).toBe(200);
    const said = teams.connector.activities.slice(before).map((a) => a.activity.text).filter(Boolean);
    expect(said).toContain('image-1.png: they go with the ticket when you file it, or with the comment when you add it.');

    expect((await teams.execute('ticket.create', { title: 'The scanner on floor 2 jams on every page' })).status).toBe(200);
    const filed = (await teams.stack.helpdesk.listTickets(LYNNE, { submittedBy: LYNNE.email })).find((t) => t.title.includes('scanner'))!;
    expect(teams.stack.emulator.drive.children(`SD_Attachments/${filed.id}`)).toEqual([{ name: 'image-1.png', size: 5_004 }]);
    // Taken once: another click files nothing more.
    await teams.execute('ticket.create', { title: 'Another one' });
    expect(teams.stack.emulator.drive.children('SD_Attachments').map((f) => f.name)).toEqual([String(filed.id)]);
  });
});
