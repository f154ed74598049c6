/**
 * A kill between upload and comment, and a crash right after the comment: the files are uploaded
 * once and the comment is written once when the same message is handled again.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesFeature, slackFileRefs } from '../../../src/features/files';
import { createLogger } from '../../../src/log';
import type { MemoStore, Store } from '../../../src/store';
import { until } from '../../support/until';
import { PERSON, SLACK_TOKEN, png, startFilesScene, type FilesScene } from './scene';

const ROOT = path.resolve(__dirname, '../../..');
let scene: FilesScene;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'files-once-'));
  scene = await startFilesScene({ storeFile: path.join(dir, 'bot.sqlite') });
});
afterEach(async () => {
  await scene.close();
  rmSync(dir, { recursive: true, force: true });
});

function runChild(input: object) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/features/files/attach-child.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', FILES_CHILD_INPUT: JSON.stringify(input) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<{ code: number | null; out: string; err: string }>((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
  return { child, exited };
}

const attached = async (id: number) => (await scene.stack.helpdesk.listComments(PERSON, id)).filter((c) => c.body.startsWith('Attached'));

describe('exactly once across a crash', () => {
  it('after a kill between the uploads and the comment, a second run uploads nothing again and writes the comment once', async () => {
    const id = await scene.ticket();
    const emu = scene.stack.emulator;
    const input = {
      site: { url: emu.url, tenantId: emu.tenantId, clientId: emu.clientId, clientSecret: emu.clientSecret, siteId: emu.siteId },
      storeFile: path.join(dir, 'bot.sqlite'), token: SLACK_TOKEN, slackOrigin: scene.slackHost.origin, ticketId: id, actor: PERSON,
      messageKey: 'T1:D1:1700000001.000100',
      files: [
        { name: 'before.png', size: 3000, url_private_download: scene.slackHost.serve('/f/before.png', png(3000)), permalink: 'https://acme.slack.com/files/1' },
        { name: 'after.png', size: 5000, url_private_download: scene.slackHost.serve('/f/after.png', png(5000)), permalink: 'https://acme.slack.com/files/2' },
      ],
    };
    emu.faults.hang(120_000, 1, 'POST SD_Comments/items');
    const first = runChild(input);
    await until(() => emu.counters.get('POST SD_Comments/items') === 1, 'the comment request to arrive (and hang)');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(emu.drive.children(`SD_Attachments/${id}`)).toEqual([{ name: 'after.png', size: 5000 }, { name: 'before.png', size: 3000 }]);
    expect(await attached(id)).toEqual([]);

    emu.faults.clear();
    emu.counters.reset();
    const second = await runChild(input).exited;
    expect(second.code, second.err).toBe(0);
    expect(second.out).toContain('attached ["before.png","after.png"]');
    expect(emu.counters.get('PUT drive/content')).toBe(0);
    expect(emu.drive.children(`SD_Attachments/${id}`)).toHaveLength(2);
    expect(await attached(id)).toHaveLength(1);
  }, 60_000);

  it('a comment written just before a crash is found, not written again', async () => {
    const id = await scene.ticket();
    // The store stops answering right after the comment is written: the process "dies" before it can note it.
    const dying: MemoStore & Pick<Store, 'featureDatabase'> = {
      featureDatabase: () => scene.store.featureDatabase(),
      getMemo: (key) => scene.store.getMemo(key),
      async putMemo(key, value, ttl) {
        if ((value as { comment?: string }).comment === 'written') throw new Error('store gone');
        return scene.store.putMemo(key, value, ttl);
      },
    };
    const request = { ticketId: id, actor: PERSON, messageKey: 'T1:D1:1700000001.000200', files: slackFileRefs([{ name: 'x.png', size: 10, url_private_download: scene.slackHost.serve('/f/x.png', png(10)) }]) };
    const crashing = createFilesFeature({
      graph: scene.stack.graph, helpdesk: scene.stack.helpdesk, memos: dying, logger: createLogger({ level: 'error' }),
      hosts: { slack: { token: SLACK_TOKEN, hosts: [scene.slackHost.origin] } }, settings: { maxBytes: 1 << 20, folder: 'SD_Attachments' },
    });
    await expect(crashing.attach(request)).rejects.toThrow('store gone');
    expect(await attached(id)).toHaveLength(1);

    const again = await scene.files.attach(request);
    expect(again.commented).toBe(true);
    expect(await attached(id)).toHaveLength(1);
    expect(scene.stack.emulator.drive.children(`SD_Attachments/${id}`)).toEqual([{ name: 'x.png', size: 10 }]);
  });
});
