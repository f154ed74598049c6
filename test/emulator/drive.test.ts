/** The embedded site's document library over real HTTP: item by path, simple and session uploads, children, the grant. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { json, token } from './helpers';

let emu: Emulator | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function drive(e: Emulator, bearer: string, rest: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${bearer}`);
  return fetch(`${e.url}/v1.0/sites/${e.siteId}/drive/${rest}`, { ...init, headers });
}

describe('the embedded document library', () => {
  it('keeps a simple upload, renames a second file of the same name and refuses it when asked to fail', async () => {
    emu = await startEmulator({ seed: 'none' });
    const t = await token(emu);
    const first = await drive(emu, t, 'root:/SD_Attachments/7/shot.png:/content?@microsoft.graph.conflictBehavior=rename', { method: 'PUT', body: 'one' });
    expect(first.status).toBe(201);
    const item = await json(first);
    expect(item).toMatchObject({ name: 'shot.png', size: 3, file: { mimeType: 'image/png' } });
    const second = await json(await drive(emu, t, 'root:/SD_Attachments/7/SHOT.png:/content?@microsoft.graph.conflictBehavior=rename', { method: 'PUT', body: 'two!' }));
    expect(second.name).toBe('SHOT 1.png');
    const clash = await drive(emu, t, 'root:/SD_Attachments/7/shot.png:/content?@microsoft.graph.conflictBehavior=fail', { method: 'PUT', body: 'x' });
    expect(clash.status).toBe(409);
    expect((await json(clash)).error.code).toBe('nameAlreadyExists');
    const children = await json(await drive(emu, t, 'root:/SD_Attachments/7:/children'));
    expect(children.value.map((c: { name: string; size: number }) => [c.name, c.size])).toEqual([['SHOT 1.png', 4], ['shot.png', 3]]);
    expect(await (await fetch(item.webUrl)).text()).toBe('one');
    expect((await drive(emu, t, 'root:/SD_Attachments/8')).status).toBe(404);
  });

  it('links a session upload only when its last range arrives, resumes from nextExpectedRanges and forgets a cancelled one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'drive-'));
    dirs.push(dir);
    emu = await startEmulator({ seed: 'none', dataDir: dir });
    const t = await token(emu);
    const created = await drive(emu, t, 'root:/SD_Attachments/9/big.bin:/createUploadSession', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ item: { '@microsoft.graph.conflictBehavior': 'rename' } }),
    });
    const { uploadUrl, nextExpectedRanges } = await json(created);
    expect(nextExpectedRanges).toEqual(['0-']);
    const put = (range: string, body: string, auth?: string) =>
      fetch(uploadUrl, { method: 'PUT', headers: { 'content-range': range, ...(auth ? { authorization: auth } : {}) }, body });
    expect((await put('bytes 0-3/10', 'abcd', `Bearer ${t}`)).status).toBe(401);
    const partial = await put('bytes 0-3/10', 'abcd');
    expect(partial.status).toBe(202);
    expect((await json(partial)).nextExpectedRanges).toEqual(['4-']);
    expect(emu.drive.children('SD_Attachments/9')).toEqual([]);
    emu.faults.inject(503, 1, { route: 'PUT upload-session' });
    expect((await put('bytes 4-9/10', 'efghij')).status).toBe(503);
    expect((await json(await fetch(uploadUrl))).nextExpectedRanges).toEqual(['4-']);
    expect((await put('bytes 2-9/10', 'cdefghij')).status).toBe(416);
    const done = await put('bytes 4-9/10', 'efghij');
    expect(done.status).toBe(201);
    expect(await json(done)).toMatchObject({ name: 'big.bin', size: 10 });

    const again = await json(await drive(emu, t, 'root:/SD_Attachments/9/big.bin:/createUploadSession', { method: 'POST', body: '{}' }));
    expect(again.error?.code).toBe('nameAlreadyExists');
    const other = await json(await drive(emu, t, 'root:/SD_Attachments/9/other.bin:/createUploadSession', { method: 'POST', body: '{}' }));
    await fetch(other.uploadUrl, { method: 'PUT', headers: { 'content-range': 'bytes 0-1/4' }, body: 'ab' });
    expect((await fetch(other.uploadUrl, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(other.uploadUrl)).status).toBe(404);
    await emu.close();

    emu = await startEmulator({ seed: 'none', dataDir: dir });
    expect(emu.drive.children('SD_Attachments/9')).toEqual([{ name: 'big.bin', size: 10 }]);
  });

  it('answers as the grant does: 404 without a library, 403 on writes when read-only, 403 on another site', async () => {
    emu = await startEmulator({ seed: 'none' });
    const t = await token(emu);
    emu.drive.setState('read-only');
    expect((await drive(emu, t, 'root:/SD_Attachments/1/a.txt:/content', { method: 'PUT', body: 'a' })).status).toBe(403);
    emu.drive.setState('missing');
    expect((await drive(emu, t, 'root:/SD_Attachments/1/a.txt:/content', { method: 'PUT', body: 'a' })).status).toBe(404);
    const elsewhere = await fetch(`${emu.url}/v1.0/sites/other,1,2/drive/root:/a.txt:/content`, { method: 'PUT', headers: { authorization: `Bearer ${t}` }, body: 'a' });
    expect(elsewhere.status).toBe(403);
    expect((await fetch(`${emu.url}/v1.0/sites/${emu.siteId}/drive/root:/a.txt:/content`, { method: 'PUT', body: 'a' })).status).toBe(401);
  });
});
