/** What the files feature takes in and gives back; channel-neutral. */

export type { FileRef } from '../../core';
import type { FileRef } from '../../core';

/** Why a file was not put on the ticket. */
export type Refusal =
  | { kind: 'too-many'; max: number }
  | { kind: 'too-large'; maxMb: number }
  | { kind: 'blocked-type'; what: string }
  | { kind: 'elsewhere' }
  | { kind: 'not-downloadable' }
  | { kind: 'download-failed' }
  | { kind: 'library-unavailable' }
  | { kind: 'upload-failed' };

/** Thrown inside a file's stream to stop it (size limit, sniffed program); the reason is told to the person. */
export class FileRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`file refused: ${refusal.kind}`);
    this.name = 'FileRefused';
  }
}
