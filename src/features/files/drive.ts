/**
 * The site's default document library through the project's Graph client (same token, retries,
 * 429/503 waits and budget as the list calls). Files go up without ever being held whole: one
 * simple upload up to 4 MiB, else an upload session fed in chunks of 13 × 320 KiB. A session cut
 * in the middle resumes from nextExpectedRanges, or is cancelled and started over from the
 * source; the file is linked only when its last byte is in. A clash with an existing name is a
 * GraphError of kind 'conflict' (conflictBehavior fail): the caller picks the name, nothing is overwritten.
 */
import { isGraphError, type GraphClient } from '../../graph';
import type { Logger } from '../../log';
import { chunkReader } from './chunks';

/** A file in the library, as the ticket links it. */
export interface DriveFile { id: string; name: string; size: number; webUrl: string; mimeType?: string }

/** Bytes to upload; `size` when the source said (Content-Length), else found at the end. */
export interface UploadSource { chunks: AsyncIterable<Uint8Array>; size?: number; contentType?: string }

/** Path-addressed operations on the site's default drive. */
export interface DriveClient {
  /** The item at `path` ('<attachments folder>/12/shot.png'), or undefined when there is none. */
  item(path: string): Promise<DriveFile | undefined>;
  /** The files of a folder in one request; empty when the folder does not exist. */
  children(folder: string): Promise<DriveFile[]>;
  /** Uploads to `path`, failing with kind 'conflict' when the name is taken; `open` gives the bytes (again, for a restart). */
  upload(path: string, open: () => Promise<UploadSource>): Promise<DriveFile>;
  /** Deletes the item at `path` (the doctor's probe). */
  remove(path: string): Promise<void>;
}

/** Graph's limit for a simple upload. */
export const SIMPLE_UPLOAD_MAX = 4 * 1024 * 1024;
/** Session fragments: a multiple of 320 KiB, as Graph requires, just above the simple limit. */
export const CHUNK_BYTES = 13 * 320 * 1024;

/** Parses a driveItem; undefined for a folder or a shape without a link. */
export function toDriveFile(raw: unknown): DriveFile | undefined {
  const o = (raw ?? {}) as Record<string, unknown>;
  if (typeof o.id !== 'string' || typeof o.name !== 'string' || typeof o.webUrl !== 'string' || !o.file) return undefined;
  const mime = (o.file as { mimeType?: unknown }).mimeType;
  return { id: o.id, name: o.name, size: Number(o.size ?? 0), webUrl: o.webUrl, ...(typeof mime === 'string' ? { mimeType: mime } : {}) };
}

/** A file upload that must begin again from the first byte (the session was lost). */
class StartOver extends Error {}

/** Creates the drive client over `graph`. */
export function createDriveClient(graph: GraphClient, logger: Logger): DriveClient {
  const log = logger.child({ component: 'files-drive' });
  const url = (path: string, tail = '') => `${graph.siteUrl}/drive/root:/${path.split('/').map(encodeURIComponent).join('/')}${tail}`;

  async function item(path: string): Promise<DriveFile | undefined> {
    try {
      return toDriveFile((await graph.send({ method: 'GET', url: url(path), operation: 'GET drive item' })).body);
    } catch (e) {
      if (isGraphError(e, 'not-found')) return undefined;
      throw e;
    }
  }

  /** Sends one fragment; on a failure, asks the session what it has and sends only what is missing. */
  async function sendRange(uploadUrl: string, chunk: Buffer, offset: number, total: number | '*', path: string): Promise<DriveFile | undefined> {
    let from = 0;
    for (let round = 1; ; round++) {
      const start = offset + from;
      const end = offset + chunk.length - 1;
      try {
        const res = await graph.send({
          method: 'PUT', url: uploadUrl, anonymous: true, operation: 'PUT upload fragment',
          bytes: { data: new Uint8Array(chunk.buffer, chunk.byteOffset + from, chunk.length - from) as Uint8Array<ArrayBuffer>, contentType: 'application/octet-stream' },
          headers: { 'Content-Range': `bytes ${start}-${end}/${total}` },
        });
        return res.status === 202 ? undefined : toDriveFile(res.body);
      } catch (e) {
        if (!isGraphError(e) || e.kind === 'conflict' || round >= graph.retry.maxAttempts) throw e;
        log.warn('upload fragment failed; asking the session what it has', { kind: e.kind, status: e.status, start, round });
      }
      let expected: number;
      try {
        const status = await graph.send({ method: 'GET', url: uploadUrl, anonymous: true, operation: 'GET upload session' });
        const ranges = (status.body as { nextExpectedRanges?: unknown })?.nextExpectedRanges;
        expected = Array.isArray(ranges) && typeof ranges[0] === 'string' ? Number(ranges[0].split('-')[0]) : NaN;
      } catch (e) {
        if (!isGraphError(e, 'not-found')) throw e;
        // The session is gone: either the last fragment completed it, or it expired.
        const done = total !== '*' && end === total - 1 ? await item(path) : undefined;
        if (done && done.size === total) return done;
        throw new StartOver('upload session lost');
      }
      if (!Number.isInteger(expected) || expected < offset || expected > end + 1) throw new StartOver(`session expects byte ${expected}`);
      if (expected === end + 1) return undefined;
      from = expected - offset;
    }
  }

  async function uploadOnce(path: string, source: UploadSource): Promise<DriveFile> {
    const reader = chunkReader(source.chunks);
    // One buffer for the whole file: each fragment is sent before the next is read into it.
    const buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    let chunk = (await reader.read(buffer)) ?? Buffer.alloc(0);
    if (chunk.length <= SIMPLE_UPLOAD_MAX && (await reader.ended())) {
      const res = await graph.send({
        method: 'PUT', url: url(path, ':/content?@microsoft.graph.conflictBehavior=fail'), operation: 'PUT drive content',
        bytes: { data: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length) as Uint8Array<ArrayBuffer>, contentType: source.contentType ?? 'application/octet-stream' },
      });
      const file = toDriveFile(res.body);
      if (!file) throw new Error(`upload of ${path} answered without an item`);
      return file;
    }
    const created = await graph.send({
      method: 'POST', url: url(path, ':/createUploadSession'), operation: 'POST drive createUploadSession',
      body: { item: { '@microsoft.graph.conflictBehavior': 'fail' } },
    });
    const uploadUrl = (created.body as { uploadUrl?: unknown })?.uploadUrl;
    if (typeof uploadUrl !== 'string' || !/^https?:\/\//.test(uploadUrl)) throw new Error(`upload session for ${path} came without an upload URL`);
    try {
      let offset = 0;
      for (;;) {
        const last = source.size !== undefined ? offset + chunk.length >= source.size : await reader.ended();
        const total = source.size ?? (last ? offset + chunk.length : '*');
        const file = await sendRange(uploadUrl, chunk, offset, total, path);
        if (file) return file;
        offset += chunk.length;
        const next = await reader.read(buffer);
        if (!next) throw new StartOver(`the source ended at byte ${offset}, before the session was complete`);
        chunk = next;
      }
    } catch (e) {
      // Nothing half-written stays: the session and its fragments are dropped.
      await graph.send({ method: 'DELETE', url: uploadUrl, anonymous: true, operation: 'DELETE upload session' }).catch((err: unknown) => {
        log.warn('could not cancel an upload session; it expires on its own', { path, error: (err as Error).message });
      });
      throw e;
    }
  }

  return {
    item,
    async children(folder) {
      try {
        const res = await graph.send({ method: 'GET', url: url(folder, ':/children'), operation: 'GET drive children', expected: 'not-found' });
        const value = (res.body as { value?: unknown })?.value;
        return (Array.isArray(value) ? value : []).map(toDriveFile).filter((f): f is DriveFile => !!f);
      } catch (e) {
        if (isGraphError(e, 'not-found')) return [];
        throw e;
      }
    },
    async upload(path, open) {
      try {
        return await uploadOnce(path, await open());
      } catch (e) {
        if (!(e instanceof StartOver)) throw e;
        log.warn('upload session lost; starting the file over', { path, reason: e.message });
        return uploadOnce(path, await open());
      }
    },
    async remove(path) {
      await graph.send({ method: 'DELETE', url: url(path), operation: 'DELETE drive item' });
    },
  };
}
