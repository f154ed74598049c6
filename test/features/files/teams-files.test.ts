/**
 * Files from Teams reach the ticket: a file sent to the bot (file download info, no token sent to
 * the download host), a pasted image (Bot Connector attachment, the bot's own token), refusals,
 * a missing library ("sent in Teams chat at …"), and the one line a channel message with a file gets.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEAMS_FILE_DOWNLOAD_INFO, teamsChannelFileCount, teamsChannelLine, teamsFileRefs } from '../../../src/features/files';
import { CONNECTOR_TOKEN, PERSON, pdf, png, startFilesScene, type FilesScene } from './scene';

let scene: FilesScene;
beforeEach(async () => {
  scene = await startFilesScene({ maxMb: 8 });
});
afterEach(async () => scene.close());

const sentFile = (name: string, downloadUrl: string) => ({ contentType: TEAMS_FILE_DOWNLOAD_INFO, name, content: { downloadUrl, uniqueId: 'u1', fileType: name.split('.').pop() } });
const pasted = (contentUrl: string) => ({ contentType: 'image/png', contentUrl });
const html = { contentType: 'text/html', content: '<p>see <img src="x"></p>' };

describe('files sent in a Teams personal chat', () => {
  it('files a ticket with two pasted screenshots fetched from the Bot Connector with the bot token', async () => {
    const id = await scene.ticket();
    const files = teamsFileRefs([
      html,
      pasted(scene.connector.serve('/v3/attachments/0-a/views/original', png(150_000))),
      pasted(scene.connector.serve('/v3/attachments/0-b/views/original', png(90_000))),
    ], '2026-11-27T10:15:00.000Z');
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'a:conv1:act1', files });

    expect(result.lines).toEqual([]);
    expect(scene.stack.emulator.drive.children(`SD_Attachments/${id}`)).toEqual([{ name: 'image-1.png', size: 150_000 }, { name: 'image-2.png', size: 90_000 }]);
    expect(scene.connector.requests.map((r) => r.authorization)).toEqual([`Bearer ${CONNECTOR_TOKEN}`, `Bearer ${CONNECTOR_TOKEN}`]);
    const body = (await scene.stack.helpdesk.listComments(PERSON, id)).at(-1)!.body;
    expect(body.split('\n').map((l) => l.replace(/ http\S+$/, ''))).toEqual(['Attached: image-1.png (146 KB)', 'Attached: image-2.png (88 KB)']);
  });

  it('adds a PDF sent to the bot from its download URL, with no token sent there, streamed through a session without a length', async () => {
    const id = await scene.ticket();
    const size = 4 * 1024 * 1024 + 10;
    const url = scene.teamsHost.serve('/personal/johannal/_layouts/15/download.aspx', { ...pdf(size), sendLength: false });
    scene.stack.emulator.faults.inject(503, 1, { route: 'PUT upload-session', retryAfterSeconds: 0 });
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'a:conv1:act2', files: teamsFileRefs([sentFile('contract.pdf', url)]) });

    expect(result.kept.map((f) => [f.name, f.size])).toEqual([['contract.pdf', size]]);
    expect(scene.teamsHost.requests).toEqual([{ path: '/personal/johannal/_layouts/15/download.aspx' }]);
  });

  it('refuses a script and a file too large, and never fetches an image whose URL is elsewhere', async () => {
    const id = await scene.ticket();
    const files = teamsFileRefs([
      sentFile('fix.ps1', scene.teamsHost.serve('/d/fix.ps1', { bytes: Buffer.from('Remove-Item') })),
      sentFile('notes.txt', scene.teamsHost.serve('/d/notes.txt', { bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') })),
      sentFile('video.mp4', scene.teamsHost.serve('/d/video.mp4', { size: 9 * 1024 * 1024 })),
      pasted(scene.elsewhere.serve('/v3/attachments/0-c/views/original', png(100))),
    ]);
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'a:conv1:act3', files });

    expect(result.lines).toEqual([
      'fix.ps1 was not added: programs and scripts are not taken (.ps1).',
      'notes.txt was not added: programs and scripts are not taken (a script).',
      'video.mp4 was not added: files up to 8 MB are taken.',
      'image-1.png was not added: it links to a site outside the chat\'s own file store, and the bot fetches files only from there.',
    ]);
    expect(scene.elsewhere.requests).toEqual([]);
    expect(scene.stack.emulator.drive.children(`SD_Attachments/${id}`)).toEqual([]);
    expect(result.commented).toBe(false);
  });

  it('says the file stayed in Teams chat, with when it was sent, when the library is read-only', async () => {
    const id = await scene.ticket();
    scene.stack.emulator.drive.setState('read-only');
    const files = teamsFileRefs([sentFile('error.png', scene.teamsHost.serve('/d/error.png', png(100)))], '2026-11-27T10:15:42.000Z');
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'a:conv1:act4', files });

    expect(result.lines).toHaveLength(1);
    expect((await scene.stack.helpdesk.listComments(PERSON, id)).at(-1)!.body)
      .toBe('error.png stayed in chat, the help desk\'s document library could not take it: sent in Teams chat at 2026-11-27 10:15 UTC');
  });

  it('tells a channel message with a file, in one line, that it was not kept', () => {
    const attachments = [sentFile('a.png', 'https://contoso.sharepoint.com/a'), html];
    expect(teamsChannelFileCount(attachments)).toBe(1);
    expect(teamsChannelLine(1)).toBe('Files sent in a channel do not reach the bot, so 1 file was not kept. Send it to the bot in a personal chat to add it to a ticket.');
    expect(teamsChannelLine(2, 'de')).toMatch(/^Dateien in einem Kanal erreichen den Bot nicht, daher wurden 2 Dateien/);
  });
});

describe('the card an agent sees', () => {
  it('lists the ticket\'s files with one children request', async () => {
    const id = await scene.ticket();
    await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'a:conv1:act5', files: teamsFileRefs([pasted(scene.connector.serve('/v3/attachments/x/views/original', png(2048)))]) });
    scene.stack.emulator.counters.reset();
    const view = await scene.files.ticketFiles(id);

    expect(scene.stack.emulator.counters.all()).toEqual({ 'GET drive/children': 1 });
    expect(view.heading).toBe('Files');
    expect(view.files).toEqual([{ name: 'image-1.png', size: '2 KB', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/drive-files\//), line: 'image-1.png (2 KB)' }]);
    expect((await scene.files.ticketFiles(id + 1000)).files).toEqual([]);
  });
});
