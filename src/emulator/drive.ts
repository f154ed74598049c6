/**
 * The site's default document library, kept as plain files under `${dataDir}/emulator/drive`
 * (or a temporary folder when the emulator keeps nothing), so files the bot uploads survive a
 * restart and the Playground flow works offline. Names compare without case, as SharePoint's do.
 * Upload sessions write to `.sessions/` and only become an item when their last byte arrives.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GraphFail } from './items';

/** How the library answers: as granted, absent (no default drive), or read-only for the app. */
export type DriveState = 'ok' | 'missing' | 'read-only';

/** One open upload session. */
interface Session { id: string; folder: string; name: string; conflict: string; total?: number; received: number; expires: number }

/** The library's files. Paths are '/'-separated, relative to the drive's root. */
export interface DriveStore {
  state: DriveState;
  /** The item at `rel` as Graph describes it, or a 404. */
  item(rel: string, origin: string): Record<string, unknown>;
  children(rel: string, origin: string): Record<string, unknown>[];
  /** Writes a whole file (simple upload); `conflict` is rename, fail or replace. */
  put(rel: string, body: Readable, conflict: string, origin: string): Promise<{ status: number; item: Record<string, unknown> }>;
  createSession(rel: string, conflict: string, origin: string): Record<string, unknown>;
  /** One byte range of a session: 202 with what is still expected, or 201/200 with the item at the end. */
  putRange(id: string, range: string | undefined, body: Readable, origin: string): Promise<{ status: number; body: unknown }>;
  sessionStatus(id: string): Record<string, unknown>;
  cancelSession(id: string): void;
  /** Ends every open session now, as when they outlive expirationDateTime. */
  expireSessions(): void;
  remove(rel: string): void;
  /** The file on disk behind a path (the emulator serves it at the item's webUrl). */
  filePath(rel: string): string | undefined;
  close(): void;
}

const SESSION_MS = 15 * 60_000;
const MIME: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', pdf: 'application/pdf', txt: 'text/plain',
  csv: 'text/csv', json: 'application/json', zip: 'application/zip', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function segments(rel: string): string[] {
  const parts = rel.split('/').filter((p) => p !== '');
  for (const p of parts) {
    if (p === '.' || p === '..' || /[\\:*?"<>|\u0000-\u001f]/.test(p)) throw new GraphFail(400, 'invalidRequest', `The name '${p}' is not a valid item name.`);
  }
  return parts;
}

/** Opens the library in `dataDir/emulator/drive`, or a temporary folder. */
export function createDriveStore(dataDir: string | undefined): DriveStore {
  const root = dataDir ? path.join(dataDir, 'emulator', 'drive') : mkdtempSync(path.join(tmpdir(), 'emulator-drive-'));
  const spool = path.join(root, '.sessions');
  mkdirSync(spool, { recursive: true });
  const sessions = new Map<string, Session>();

  /** The real path of each segment, matched without case; undefined from the first one absent. */
  function resolve(rel: string): string | undefined {
    let at = root;
    for (const part of segments(rel)) {
      if (!existsSync(at) || !statSync(at).isDirectory()) return undefined;
      const hit = readdirSync(at).find((n) => n.toLowerCase() === part.toLowerCase() && n !== '.sessions');
      if (!hit) return undefined;
      at = path.join(at, hit);
    }
    return at;
  }

  function describe(full: string, origin: string): Record<string, unknown> {
    const rel = path.relative(root, full).split(path.sep).join('/');
    const st = statSync(full);
    const name = path.basename(full);
    const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
    return {
      id: createHash('sha1').update(rel.toLowerCase()).digest('hex').slice(0, 24).toUpperCase(),
      name,
      size: st.isDirectory() ? 0 : st.size,
      createdDateTime: st.birthtime.toISOString(),
      lastModifiedDateTime: st.mtime.toISOString(),
      webUrl: `${origin}/drive-files/${rel.split('/').map(encodeURIComponent).join('/')}`,
      parentReference: { path: `/drive/root:/${path.dirname(rel) === '.' ? '' : path.dirname(rel)}` },
      ...(st.isDirectory() ? { folder: { childCount: readdirSync(full).length } } : { file: { mimeType: MIME[ext] ?? 'application/octet-stream' } }),
    };
  }

  function found(rel: string): string {
    const full = resolve(rel);
    if (!full) throw new GraphFail(404, 'itemNotFound', 'The resource could not be found.');
    return full;
  }

  /** The folder (made as needed) and the name a new file will get under the conflict behaviour. */
  function target(rel: string, conflict: string): { dir: string; name: string; existed: boolean } {
    const parts = segments(rel);
    const wanted = parts.pop();
    if (!wanted) throw new GraphFail(400, 'invalidRequest', 'A file name is required.');
    let dir = root;
    for (const part of parts) {
      const hit = existsSync(dir) ? readdirSync(dir).find((n) => n.toLowerCase() === part.toLowerCase()) : undefined;
      dir = path.join(dir, hit ?? part);
      if (!hit) mkdirSync(dir);
    }
    const taken = new Set(readdirSync(dir).map((n) => n.toLowerCase()));
    if (!taken.has(wanted.toLowerCase())) return { dir, name: wanted, existed: false };
    if (conflict === 'replace') return { dir, name: readdirSync(dir).find((n) => n.toLowerCase() === wanted.toLowerCase())!, existed: true };
    if (conflict !== 'rename') throw new GraphFail(409, 'nameAlreadyExists', 'The specified item name already exists.');
    const dot = wanted.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
    for (let n = 1; ; n++) if (!taken.has(`${stem} ${n}${ext}`.toLowerCase())) return { dir, name: `${stem} ${n}${ext}`, existed: false };
  }

  function writable(): void {
    if (state.state === 'missing') throw new GraphFail(404, 'itemNotFound', 'The site has no default document library.');
    if (state.state === 'read-only') throw new GraphFail(403, 'accessDenied', 'Access denied: the application has read access to this site only (Sites.Selected role read).');
  }

  function readable(): void {
    if (state.state === 'missing') throw new GraphFail(404, 'itemNotFound', 'The site has no default document library.');
  }

  function session(id: string): Session {
    const s = sessions.get(id);
    if (!s || s.expires < Date.now()) throw new GraphFail(404, 'itemNotFound', 'The upload session was not found or has expired.');
    return s;
  }

  const state: DriveStore = {
    state: 'ok',
    item(rel, origin) {
      readable();
      return describe(found(rel), origin);
    },
    children(rel, origin) {
      readable();
      const dir = found(rel);
      if (!statSync(dir).isDirectory()) throw new GraphFail(400, 'invalidRequest', 'The item is not a folder.');
      return readdirSync(dir).filter((n) => n !== '.sessions').sort().map((n) => describe(path.join(dir, n), origin));
    },
    async put(rel, body, conflict, origin) {
      writable();
      const part = path.join(spool, `${randomUUID()}.part`);
      await pipeline(body, createWriteStream(part));
      // The name is chosen once the bytes are in, so a file is never linked half-written.
      const t = target(rel, conflict);
      renameSync(part, path.join(t.dir, t.name));
      return { status: t.existed ? 200 : 201, item: describe(path.join(t.dir, t.name), origin) };
    },
    createSession(rel, conflict, origin) {
      writable();
      const parts = segments(rel);
      const name = parts.pop();
      if (!name) throw new GraphFail(400, 'invalidRequest', 'A file name is required.');
      if (conflict === 'fail' && resolve(rel)) throw new GraphFail(409, 'nameAlreadyExists', 'The specified item name already exists.');
      const id = randomUUID();
      const expires = Date.now() + SESSION_MS;
      sessions.set(id, { id, folder: parts.join('/'), name, conflict, received: 0, expires });
      return { uploadUrl: `${origin}/upload-sessions/${id}`, expirationDateTime: new Date(expires).toISOString(), nextExpectedRanges: ['0-'] };
    },
    async putRange(id, range, body, origin) {
      const s = session(id);
      const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range ?? '');
      if (!m) throw new GraphFail(400, 'invalidRange', 'Content-Range must be bytes {start}-{end}/{total}.');
      const [start, end] = [Number(m[1]), Number(m[2])];
      const total = m[3] === '*' ? undefined : Number(m[3]);
      if (start !== s.received || end < start || (total !== undefined && end >= total)) {
        body.resume();
        throw new GraphFail(416, 'invalidRange', `The uploaded fragment does not fit: expected bytes from ${s.received}.`);
      }
      const part = path.join(spool, `${id}.part`);
      const frag = path.join(spool, `${id}.frag`);
      let count = 0;
      body.on('data', (c: Buffer) => void (count += c.length));
      await pipeline(body, createWriteStream(frag));
      if (count !== end - start + 1) {
        // A short fragment is dropped whole: the session still expects the same range.
        rmSync(frag, { force: true });
        throw new GraphFail(400, 'invalidRange', 'The fragment was shorter than its Content-Range.');
      }
      await pipeline(createReadStream(frag), createWriteStream(part, { flags: start === 0 ? 'w' : 'a' }));
      rmSync(frag, { force: true });
      s.received = end + 1;
      s.total = total ?? s.total;
      s.expires = Date.now() + SESSION_MS;
      if (s.total === undefined || s.received < s.total) return { status: 202, body: { expirationDateTime: new Date(s.expires).toISOString(), nextExpectedRanges: [`${s.received}-`] } };
      sessions.delete(id);
      let t: ReturnType<typeof target>;
      try {
        t = target(`${s.folder}/${s.name}`, s.conflict);
      } catch (e) {
        rmSync(part, { force: true });
        throw e;
      }
      renameSync(part, path.join(t.dir, t.name));
      return { status: t.existed ? 200 : 201, body: describe(path.join(t.dir, t.name), origin) };
    },
    sessionStatus(id) {
      const s = session(id);
      return { expirationDateTime: new Date(s.expires).toISOString(), nextExpectedRanges: [`${s.received}-`] };
    },
    cancelSession(id) {
      sessions.delete(id);
      rmSync(path.join(spool, `${id}.part`), { force: true });
    },
    expireSessions() {
      for (const id of [...sessions.keys()]) state.cancelSession(id);
    },
    remove(rel) {
      writable();
      rmSync(found(rel), { recursive: true, force: true });
    },
    filePath(rel) {
      if (state.state === 'missing') return undefined;
      const full = resolve(rel);
      return full && statSync(full).isFile() ? full : undefined;
    },
    close() {
      for (const id of sessions.keys()) rmSync(path.join(spool, `${id}.part`), { force: true });
      if (!dataDir) rmSync(root, { recursive: true, force: true });
    },
  };
  return state;
}

/** A readable of the file at `full`, for serving webUrl downloads. */
export const readFile = (full: string): Readable => createReadStream(full);
