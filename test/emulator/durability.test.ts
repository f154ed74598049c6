/**
 * The embedded site keeps what it acknowledged: a real `npm run emulator` child is killed with
 * SIGKILL right after a 201 and the item is there after a restart on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, startEmulator } from '../../src/emulator';

const root = path.resolve(__dirname, '../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'emu-kill-'));
  dirs.push(d);
  return d;
}

/** Starts `src/emulator/main.ts` in a child process and resolves with its URL once it listens. */
async function startChild(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/emulator/main.ts'], {
    cwd: root,
    env: { ...process.env, HELPDESK_DATA_DIR: dataDir, EMULATOR_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}) before listening:\n${out}`)));
  });
  return { child, url };
}

async function bearer(url: string): Promise<string> {
  const res = await fetch(`${url}/${EMULATOR_DEFAULTS.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: EMULATOR_DEFAULTS.clientId, client_secret: EMULATOR_DEFAULTS.clientSecret, scope: `${url}/.default` }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const itemsUrl = (url: string) => `${url}/v1.0/sites/${EMULATOR_DEFAULTS.siteId}/lists/SD_Tickets/items`;

describe('embedded site durability', () => {
  it('keeps a ticket it answered 201 for when the process is killed with SIGKILL right after', async () => {
    const dir = tempDir();
    const first = await startChild(dir);
    const token = await bearer(first.url);
    const created = await fetch(itemsUrl(first.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { Title: 'Filed just before the crash', SD_Status: 'New' } }),
    });
    expect(created.status).toBe(201);
    first.child.kill('SIGKILL');
    const { id } = (await created.json()) as { id: string };
    await new Promise((r) => (first.child.exitCode !== null || first.child.signalCode !== null ? r(undefined) : first.child.once('exit', r)));
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startChild(dir);
    try {
      const res = await fetch(`${itemsUrl(second.url)}/${id}?$expand=fields`, { headers: { authorization: `Bearer ${await bearer(second.url)}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { fields: { Title: string } }).fields.Title).toBe('Filed just before the crash');
    } finally {
      second.child.kill('SIGTERM');
    }
  });

  it('imports lists an older version saved as JSON once, and does not reseed over them', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'emulator'));
    const item = { id: 7, guid: '3f2b9c1e-0000-4000-8000-000000000007', version: 3, created: '2026-01-02T03:04:05Z', modified: '2026-01-03T03:04:05Z', fields: { Title: 'From the JSON days', SD_Status: 'Assigned' } };
    writeFileSync(path.join(dir, 'emulator', 'SD_Tickets.json'), JSON.stringify({ nextId: 8, items: [item] }));

    const emu = await startEmulator({ dataDir: dir });
    try {
      expect(emu.data.count('SD_Tickets')).toBe(1);
      expect(emu.data.count('SD_Agents')).toBe(0);
      expect(emu.data.get('SD_Tickets', '7')).toMatchObject({ etag: `"${item.guid},3"`, fields: { Title: 'From the JSON days' } });
      expect(emu.data.insert('SD_Tickets', { Title: 'next' }).id).toBe('8');
    } finally {
      await emu.close();
    }
    expect(existsSync(path.join(dir, 'emulator', 'SD_Tickets.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'emulator', 'SD_Tickets.json.migrated'))).toBe(true);

    const again = await startEmulator({ dataDir: dir });
    expect(again.data.count('SD_Tickets')).toBe(2);
    await again.close();
  });
});
