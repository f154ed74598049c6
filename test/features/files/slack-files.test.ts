/**
 * Files from Slack reach the ticket: downloaded with the bot token from Slack's file host only,
 * streamed into the site's library (simple and session uploads), linked by one comment as the
 * sender; refusals get one line each; a retry of the same event uploads nothing twice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackFileRefs } from '../../../src/features/files';
import { PERSON, SLACK_TOKEN, pdf, png, startFilesScene, type FilesScene } from './scene';

let scene: FilesScene;
beforeEach(async () => {
  scene = await startFilesScene({ maxMb: 8 });
});
afterEach(async () => scene.close());

const slackFile = (name: string, url: string, size: number) => ({ id: `F${name}`, name, size, url_private_download: url, permalink: `https://acme.slack.com/files/U1/F${name}/${name}` });

describe('files sent in Slack', () => {
  it('puts two screenshots on the ticket filed from the message, with one comment as the sender linking both', async () => {
    const id = await scene.ticket();
    const files = slackFileRefs([
      slackFile('screenshot.png', scene.slackHost.serve('/files-pri/T1-F1/download/screenshot.png', png(186_368)), 186_368),
      slackFile('screenshot.png', scene.slackHost.serve('/files-pri/T1-F2/download/screenshot.png', png(20_000)), 20_000),
    ]);
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'T1:D1:1700000000.000100', files });

    expect(result.lines).toEqual([]);
    expect(scene.stack.emulator.drive.children(`SD_Attachments/${id}`)).toEqual([
      { name: 'screenshot 1.png', size: 20_000 },
      { name: 'screenshot.png', size: 186_368 },
    ]);
    const comments = (await scene.stack.helpdesk.listComments(PERSON, id)).filter((c) => c.body.startsWith('Attached'));
    expect(comments).toHaveLength(1);
    expect(comments[0].authorEmail).toBe(PERSON.email);
    expect(comments[0].body).toMatch(/^Attached: screenshot\.png \(182 KB\) http:\/\/127\.0\.0\.1:\d+\/drive-files\/SD_Attachments\/\d+\/screenshot\.png\nAttached: screenshot 1\.png \(20 KB\) http/);
    expect(scene.slackHost.requests.every((r) => r.authorization === `Bearer ${SLACK_TOKEN}`)).toBe(true);
  });

  it('adds a 5 MB PDF to a comment through an upload session that rides out a 503 and a 429 mid-session', async () => {
    const id = await scene.ticket();
    const size = 5 * 1024 * 1024 + 123;
    const files = slackFileRefs([slackFile('invoice.pdf', scene.slackHost.serve('/files-pri/T1-F3/download/invoice.pdf', pdf(size)), size)]);
    scene.stack.emulator.faults.inject(503, 1, { route: 'PUT upload-session', retryAfterSeconds: 0 });
    scene.stack.emulator.faults.inject(429, 1, { route: 'PUT upload-session', retryAfterSeconds: 0 });
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'T1:D1:1700000000.000200', files });

    expect(result.kept.map((f) => [f.name, f.size])).toEqual([['invoice.pdf', size]]);
    expect(scene.stack.emulator.counters.get('POST drive/createUploadSession')).toBe(1);
    expect(scene.stack.emulator.counters.get('PUT drive/content')).toBe(0);
    const body = (await scene.stack.helpdesk.listComments(PERSON, id)).at(-1)!.body;
    expect(body).toMatch(/^Attached: invoice\.pdf \(5 MB\) http/);
    expect(body).toContain(result.kept[0].webUrl);
  });

  it('refuses an oversize file and a program, one line each, and keeps the rest', async () => {
    const id = await scene.ticket();
    const files = slackFileRefs([
      slackFile('dump.zip', scene.slackHost.serve('/f/dump.zip', { size: 9 * 1024 * 1024 }), 9 * 1024 * 1024),
      slackFile('setup.exe', scene.slackHost.serve('/f/setup.exe', { size: 10 }), 10),
      slackFile('report.png', scene.slackHost.serve('/f/report.png', { head: Buffer.from('MZ\x90\x00'), size: 4000 }), 4000),
      slackFile('ok.png', scene.slackHost.serve('/f/ok.png', png(1000)), 1000),
    ]);
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'T1:D1:1700000000.000300', files });

    expect(result.lines).toEqual([
      'dump.zip was not added: files up to 8 MB are taken.',
      'setup.exe was not added: programs and scripts are not taken (.exe).',
      'report.png was not added: programs and scripts are not taken (a Windows program).',
    ]);
    expect(scene.stack.emulator.drive.children(`SD_Attachments/${id}`)).toEqual([{ name: 'ok.png', size: 1000 }]);
    // Refused by name or by announced size: never downloaded.
    expect(scene.slackHost.requests.map((r) => r.path).sort()).toEqual(['/f/ok.png', '/f/report.png']);
  });

  it('never fetches a URL that points elsewhere, and the token goes nowhere but Slack', async () => {
    const id = await scene.ticket();
    const files = slackFileRefs([
      slackFile('evil.png', scene.elsewhere.serve('/files-pri/T1-F9/download/evil.png', png(100)), 100),
      slackFile('fine.png', scene.slackHost.serve('/f/fine.png', png(100)), 100),
    ]);
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'T1:D1:1700000000.000400', files });

    expect(scene.elsewhere.requests).toEqual([]);
    expect(result.lines).toEqual(['evil.png was not added: it links to a site outside the chat\'s own file store, and the bot fetches files only from there.']);
    expect(result.kept.map((f) => f.name)).toEqual(['fine.png']);
  });

  it('keeps the Slack link on the ticket when the library is missing, and the ticket stands', async () => {
    const id = await scene.ticket();
    scene.stack.emulator.drive.setState('missing');
    const files = slackFileRefs([slackFile('shot.png', scene.slackHost.serve('/f/shot.png', png(500)), 500)]);
    const result = await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'T1:D1:1700000000.000500', files });

    expect(result.lines).toEqual(['shot.png stayed in chat: the help desk\'s document library is not available, so the ticket links to it here.']);
    const body = (await scene.stack.helpdesk.listComments(PERSON, id)).at(-1)!.body;
    expect(body).toBe('shot.png stayed in chat, the help desk\'s document library could not take it: https://acme.slack.com/files/U1/Fshot.png/shot.png');
    expect(await scene.files.check()).toMatchObject({ kind: 'fail', line: expect.stringContaining('has no default document library') });
    scene.stack.emulator.drive.setState('read-only');
    expect(await scene.files.check()).toMatchObject({ kind: 'fail', line: expect.stringContaining("Grant the app the 'write' role") });
    scene.stack.emulator.drive.setState('ok');
    expect(await scene.files.check()).toMatchObject({ kind: 'pass' });
    expect(scene.stack.emulator.drive.children('SD_Attachments')).toEqual([]);
  });

  it('uploads nothing twice and comments once when Slack retries the same event, and renames instead of overwriting', async () => {
    const id = await scene.ticket();
    const files = slackFileRefs([slackFile('log.txt', scene.slackHost.serve('/f/log.txt', { bytes: Buffer.from('new log') }), 7)]);
    await scene.files.attach({ ticketId: id, actor: PERSON, messageKey: 'T1:D1:1', files: slackFileRefs([slackFile('log.txt', scene.slackHost.serve('/f/old.txt', { bytes: Buffer.from('old') }), 3)]) });
    const request = { ticketId: id, actor: PERSON, messageKey: 'T1:D1:2', files };
    await scene.files.attach(request);
    scene.stack.emulator.counters.reset();
    const again = await scene.files.attach(request);

    expect(again.kept.map((f) => f.name)).toEqual(['log 1.txt']);
    expect(scene.stack.emulator.counters.get('PUT drive/content')).toBe(0);
    expect(scene.stack.emulator.counters.get('POST SD_Comments/items')).toBe(0);
    expect(scene.stack.emulator.drive.children(`SD_Attachments/${id}`)).toEqual([{ name: 'log 1.txt', size: 7 }, { name: 'log.txt', size: 3 }]);
    expect((await scene.stack.helpdesk.listComments(PERSON, id)).filter((c) => c.body.startsWith('Attached'))).toHaveLength(2);
  });
});
