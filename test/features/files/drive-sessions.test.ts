/**
 * Upload sessions cut in the middle: the drive client resumes from the session's
 * nextExpectedRanges, starts a lost session over from the source, and never leaves a half file.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, createDriveClient, type DriveClient } from '../../../src/features/files/drive';
import { createLogger } from '../../../src/log';
import { startHelpdeskStack, type HelpdeskStack } from '../../support/helpdesk-stack';

let stack: HelpdeskStack;
let drive: DriveClient;
beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none' });
  drive = createDriveClient(stack.graph, createLogger({ level: 'error' }));
});
afterEach(async () => stack.close());

const SIZE = 2 * CHUNK_BYTES + 1000;
const byteAt = (i: number) => (i * 7) & 0xff;

/**
 * `SIZE` known bytes in 64 KiB pieces; `atSecondChunk` runs once the reader is well into the second
 * chunk (2 MiB past the first: more than the stream reads ahead), so the first fragment was sent.
 */
function source(atSecondChunk: () => void, failAt?: number) {
  async function* gen() {
    let fired = false;
    for (let at = 0; at < SIZE; at += 65_536) {
      if (!fired && at >= CHUNK_BYTES + 2 * 1024 * 1024) {
        fired = true;
        atSecondChunk();
      }
      if (failAt !== undefined && at >= failAt) throw new Error('the chat platform closed the download');
      yield Buffer.from(Array.from({ length: Math.min(65_536, SIZE - at) }, (_, k) => byteAt(at + k)));
    }
  }
  return { chunks: Readable.from(gen()), size: SIZE };
}

function intact(path: string): boolean {
  const bytes = readFileSync(stack.emulator.drive.path(path)!);
  return bytes.length === SIZE && bytes.every((b, i) => b === byteAt(i));
}

describe('an upload session cut in the middle', () => {
  it('resumes from nextExpectedRanges when a fragment keeps failing past the retry budget', async () => {
    let opened = 0;
    const file = await drive.upload('SD_Attachments/1/big.bin', async () => {
      opened += 1;
      return source(() => stack.emulator.faults.inject(503, 3, { route: 'PUT upload-session', retryAfterSeconds: 0 }));
    });
    expect(file.size).toBe(SIZE);
    expect(opened).toBe(1);
    expect(stack.emulator.counters.get('GET upload-session')).toBe(1);
    expect(intact('SD_Attachments/1/big.bin')).toBe(true);
  });

  it('starts over from the source when the session is lost, and links one whole file', async () => {
    let opened = 0;
    const file = await drive.upload('SD_Attachments/2/big.bin', async () => {
      opened += 1;
      return source(() => opened === 1 && stack.emulator.drive.expireSessions());
    });
    expect(opened).toBe(2);
    expect(file.name).toBe('big.bin');
    expect(stack.emulator.drive.children('SD_Attachments/2')).toEqual([{ name: 'big.bin', size: SIZE }]);
    expect(intact('SD_Attachments/2/big.bin')).toBe(true);
  });

  it('cancels the session and links nothing when the download breaks off', async () => {
    await expect(drive.upload('SD_Attachments/3/big.bin', async () => source(() => undefined, CHUNK_BYTES + 65_536 * 2))).rejects.toThrow(/closed the download/);
    expect(stack.emulator.counters.get('DELETE upload-session')).toBe(1);
    expect(stack.emulator.drive.children('SD_Attachments/3')).toEqual([]);
  });

  it('refuses to overwrite: a taken name is a conflict', async () => {
    await drive.upload('SD_Attachments/4/a.txt', async () => ({ chunks: Readable.from([Buffer.from('first')]) }));
    await expect(drive.upload('SD_Attachments/4/a.txt', async () => ({ chunks: Readable.from([Buffer.from('second')]) }))).rejects.toMatchObject({ kind: 'conflict', status: 409 });
    expect(readFileSync(stack.emulator.drive.path('SD_Attachments/4/a.txt')!, 'utf8')).toBe('first');
  });
});
