/**
 * Puts the files of one chat message on a ticket: each file checked (count, type, size), streamed
 * from the platform into `<folder>/<ticket id>/` of the site's library, then one public comment,
 * written as the sender, links them all. Exactly once per message: a ledger kept as a memo under
 * the message's key records each file's planned name before its upload and its item after, and
 * the comment before and after it is written, so a Slack retry or a restart after a kill uploads
 * nothing twice and writes the comment once. A library that is missing or read-only never fails
 * the ticket: the comment keeps the chat's own link and says the file stayed in chat.
 */
import { isGraphError } from '../../graph';
import { sameAddress } from '../../core/vocabulary';
import type { Actor, HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import type { MemoStore } from '../../store';
import type { DriveClient, DriveFile, UploadSource } from './drive';
import type { FileNotes } from './file-notes';
import type { Connector, Downloader } from './download';
import type { FilesSettings } from './settings';
import { blockedExtension, sniffExecutable } from './sniff';
import { commentBody, refusalLine } from './texts';
import { FileRefused, type FileRef, type Refusal } from './types';

/** At most this many files go with one message. */
export const MAX_FILES_PER_MESSAGE = 10;
/** How long a message's ledger is kept: well past Slack's retries and a restart. */
const LEDGER_MS = 7 * 24 * 3600_000;
const MAX_RENAMES = 20;

/** What the feature is handed. */
export interface FilesDeps {
  drive: DriveClient;
  downloader: Downloader;
  memos: MemoStore;
  /** Which tickets have files: noted before the comment, read before the folder. */
  notes: FileNotes;
  helpdesk: Pick<HelpdeskService, 'addComment' | 'listComments'>;
  settings: FilesSettings;
  logger: Logger;
}

/** One message's files for one ticket. */
export interface AttachRequest {
  ticketId: number;
  /** The person who sent them; the comment is theirs. */
  actor: Actor;
  locale?: string;
  /** Unique per chat message (Slack `team:channel:ts`, Teams `conversation:activity id`). */
  messageKey: string;
  files: readonly FileRef[];
  /** The Bot Connector the (Teams) message came through, for its pasted images. */
  connector?: Connector;
}

/** What became of them. */
export interface AttachResult {
  kept: DriveFile[];
  /** Files the library could not take; the comment links them in chat. */
  stayed: FileRef[];
  /** One line per file not put on the ticket, naming it and why, in the sender's language. */
  lines: string[];
  /** The comment linking them was written (now or by an earlier run of the same message). */
  commented: boolean;
}

type Entry = { planned?: string; done?: DriveFile; refused?: Refusal; stayed?: Refusal };
interface Ledger { ticketId: number; files: Record<string, Entry>; comment?: 'writing' | 'written' }

/** A free name in the folder: "name.ext", else "name 1.ext", "name 2.ext", … (SharePoint compares without case). */
export function freeName(wanted: string, taken: ReadonlySet<string>): string {
  const clean = wanted.replace(/[\\/:*?"<>|#%\u0000-\u001f]/g, '_').replace(/^[\s.]+|[\s.]+$/g, '') || 'file';
  if (!taken.has(clean.toLowerCase())) return clean;
  const dot = clean.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  for (let n = 1; ; n++) if (!taken.has(`${stem} ${n}${ext}`.toLowerCase())) return `${stem} ${n}${ext}`;
}

/** The source's bytes, stopped at the size limit and at a program's first bytes. */
function guarded(source: UploadSource, maxBytes: number): UploadSource {
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  if (source.size !== undefined && source.size > maxBytes) throw new FileRefused({ kind: 'too-large', maxMb });
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let seen = 0;
    let head: Uint8Array | undefined = new Uint8Array(0);
    for await (const piece of source.chunks) {
      if (head) {
        head = Buffer.concat([head, piece]).subarray(0, 8);
        // Four bytes tell every kind sniffed; a shorter file is checked at its end.
        if (head.length >= 4) {
          const what = sniffExecutable(head);
          if (what) throw new FileRefused({ kind: 'blocked-type', what });
          head = undefined;
        }
      }
      seen += piece.length;
      if (seen > maxBytes) throw new FileRefused({ kind: 'too-large', maxMb });
      yield piece;
    }
    if (head && sniffExecutable(head)) throw new FileRefused({ kind: 'blocked-type', what: sniffExecutable(head)! });
  }
  return { ...source, chunks: chunks() };
}

/** Creates the attach function over the feature's services. */
export function createAttach(deps: FilesDeps): (request: AttachRequest) => Promise<AttachResult> {
  const log = deps.logger.child({ component: 'files' });
  const { maxBytes, folder } = deps.settings;

  return async function attach(request) {
    const key = `files:${request.messageKey}`;
    const ledger: Ledger = (await deps.memos.getMemo<Ledger>(key)) ?? { ticketId: request.ticketId, files: {} };
    const save = () => deps.memos.putMemo(key, ledger, LEDGER_MS);
    const ticketFolder = `${folder}/${ledger.ticketId}`;
    let taken: Set<string> | undefined;
    let libraryDown: Refusal | undefined;

    for (const [index, ref] of request.files.entries()) {
      const entry = (ledger.files[index] ??= {});
      if (entry.done || entry.refused || entry.stayed) continue;
      const blocked = blockedExtension(ref.name);
      if (index >= MAX_FILES_PER_MESSAGE) entry.refused = { kind: 'too-many', max: MAX_FILES_PER_MESSAGE };
      else if (blocked) entry.refused = { kind: 'blocked-type', what: `.${blocked}` };
      else if (ref.size !== undefined && ref.size > maxBytes) entry.refused = { kind: 'too-large', maxMb: Math.round(maxBytes / (1024 * 1024)) };
      else if (libraryDown) entry.stayed = libraryDown;
      else {
        try {
          // A ticket the bot never put a file on has no folder yet: nothing to read (a name taken
          // there anyway, through the library, is a conflict and the next name is tried).
          taken ??= new Set((await deps.notes.version(ledger.ticketId)) === undefined ? [] : (await deps.drive.children(ticketFolder)).map((f) => f.name.toLowerCase()));
          // A name planned by an earlier run of this message is ours: a clash on it means that run's upload landed.
          let resumed = entry.planned !== undefined;
          for (let round = 0; !entry.done; round++) {
            if (!entry.planned) {
              entry.planned = freeName(ref.name, taken);
              await save();
            }
            const path = `${ticketFolder}/${entry.planned}`;
            try {
              entry.done = await deps.drive.upload(path, async () => guarded(await deps.downloader.open(ref, request.connector), maxBytes));
            } catch (e) {
              if (!isGraphError(e, 'conflict') || round >= MAX_RENAMES) throw e;
              const landed = resumed ? await deps.drive.item(path) : undefined;
              if (landed) entry.done = landed;
              else {
                taken.add(entry.planned.toLowerCase());
                entry.planned = undefined;
                resumed = false;
              }
            }
          }
          taken.add(entry.done.name.toLowerCase());
        } catch (e) {
          if (e instanceof FileRefused) entry.refused = e.refusal;
          else if (isGraphError(e, 'not-found') || isGraphError(e, 'forbidden')) {
            log.warn('the document library cannot take files; they stay in chat', { ticketId: ledger.ticketId, kind: e.kind, code: e.code });
            entry.stayed = libraryDown = { kind: 'library-unavailable' };
          } else if (isGraphError(e)) {
            log.error('file upload failed after retries; it stays in chat', { ticketId: ledger.ticketId, kind: e.kind, code: e.code, requestId: e.requestId });
            entry.stayed = { kind: 'upload-failed' };
          } else throw e;
        }
      }
      await save();
    }

    const kept = request.files.flatMap((_, i) => (ledger.files[i]?.done ? [ledger.files[i].done!] : []));
    const stayed = request.files.filter((_, i) => ledger.files[i]?.stayed);
    const lines = request.files.flatMap((ref, i) => {
      const why = ledger.files[i]?.refused ?? ledger.files[i]?.stayed;
      return why ? [refusalLine(ref.name, why, ledger.ticketId, request.locale)] : [];
    });
    if (kept.length === 0 && stayed.length === 0) return { kept, stayed, lines, commented: false };

    // Noted before the comment that links them: a card never misses files the ticket has.
    if (kept.length > 0 && ledger.comment !== 'written') await deps.notes.note(ledger.ticketId, new Date());
    const body = commentBody(kept, stayed, request.locale);
    if (ledger.comment === 'writing') {
      // An earlier run may have written it before it could say so: look before writing again.
      const comments = await deps.helpdesk.listComments(request.actor, ledger.ticketId);
      if (comments.some((c) => c.body.trim() === body.trim() && sameAddress(c.authorEmail, request.actor.email))) ledger.comment = 'written';
    }
    if (ledger.comment !== 'written') {
      ledger.comment = 'writing';
      await save();
      await deps.helpdesk.addComment(request.actor, ledger.ticketId, body);
      ledger.comment = 'written';
      await save();
    }
    return { kept, stayed, lines, commented: true };
  };
}
