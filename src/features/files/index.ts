/**
 * Files on tickets: the feature's one declaration. A channel hands it the files a message
 * carried (slackFileRefs / teamsFileRefs) and the ticket the message filed or commented on;
 * the feature streams them into the site's library and links them with one comment.
 */
import type { GraphClient } from '../../graph';
import type { HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import type { MemoStore } from '../../store';
import type { Store } from '../../store/types';
import { createAfterReply, type MessageFiles, type ReplyFacts } from './after-reply';
import { createAttach, type AttachRequest, type AttachResult } from './attach';
import { createCardFiles, filesAsLinks, ticketFiles, type TicketFilesView } from './card';
import { createFileNotes, FILE_MIGRATIONS, fileNotesIn, type FileTables } from './file-notes';
import { checkLibrary, type LibraryCheck } from './library-check';
import { createDriveClient } from './drive';
import { createDownloader, SLACK_FILE_HOSTS, TEAMS_DOWNLOAD_HOSTS, type Connector, type FileHosts } from './download';
import type { FileSource } from '../../core';
import type { FilesSettings } from './settings';
import { ATTACHMENTS_FOLDER } from '../../helpdesk/fields';
import { defineFeature } from '../types';

export { readFilesSettings, type FilesSettings } from './settings';
export { slackFileRefs, teamsFileRefs, teamsChannelFileCount, TEAMS_FILE_DOWNLOAD_INFO, type SlackFile, type TeamsAttachment } from './platform-files';
export { teamsChannelLine } from './texts';
export { SLACK_FILE_HOSTS, TEAMS_DOWNLOAD_HOSTS, type Connector, type FileHosts } from './download';
export type { AttachRequest, AttachResult } from './attach';
export type { MessageFiles, ReplyFacts } from './after-reply';
export type { TicketFilesView } from './card';
export type { FileRef } from './types';
export { FILE_MIGRATIONS, createFileNotes, fileNotesIn, type FileNotes, type FileTables } from './file-notes';

/** What the files feature's `open` step keeps of its settings for its own parts. */
export interface FilesOpened {
  files: FilesSettings;
}

/** The download hosts and credentials of one platform's files: only that platform's own hosts. */
function hostsOf(source: FileSource): FileHosts {
  return source.platform === 'slack' ? { slack: { token: source.token, hosts: SLACK_FILE_HOSTS } } : { teams: { downloadHosts: TEAMS_DOWNLOAD_HOSTS } };
}

/**
 * The files feature in the list: it adds no command; its one table notes which tickets have files
 * (ledgers and held files are in the store's memos); one doctor line against the tenant. The
 * channels hand it a message's files through its `fileIntake`, which the host asks for once per
 * platform (createFilesFeature with that platform's own download hosts and credentials).
 */
export const filesFeature = defineFeature<'graph' | 'helpdesk' | 'store' | 'logger', FileTables, FilesOpened>({
  name: 'files',
  startup: (s) => ({ on: true, reads: [{ setting: 'HELPDESK_ATTACHMENTS_FOLDER', value: s.files.folder }, { setting: 'HELPDESK_ATTACHMENT_MAX_MB', value: String(s.files.maxMb) }, { table: 'ticket_files' }] }),
  needs: ['graph', 'helpdesk', 'store', 'logger'],
  // HELPDESK_ATTACHMENTS_FOLDER and HELPDESK_ATTACHMENT_MAX_MB, as src/config.ts checked them: its parts read them as `files`.
  open: async (settings) => ({ own: { files: { folder: settings.files.folder, maxBytes: settings.files.maxBytes } } }),
  commands: [],
  migrations: FILE_MIGRATIONS,
  // An agent's own ticket card lists the ticket's files (one children request, only for a ticket that
  // has files, kept for its version); a requester's never reaches a card hook, and a shared
  // conversation's card, which requesters may read, goes without.
  cards: ({ graph, files, logger, db }) => {
    const cardFiles = createCardFiles(createDriveClient(graph, logger), createFileNotes(db), files.folder);
    return {
      async ticket(view, audience) {
        if (audience !== 'agent') return view;
        const found = await cardFiles(view);
        return found ? { ...view, links: filesAsLinks(found) } : view;
      },
    };
  },
  // A chat message's files, per platform: streamed into the library from that platform's own hosts only.
  fileIntake: ({ graph, helpdesk, store, files, logger }) => (source) => createFilesFeature({ graph, helpdesk, memos: store, hosts: hostsOf(source), settings: files, logger }),
  doctor: [],
  // Writes and deletes a probe file in the attachments folder, and names the grant or the folder when it cannot.
  tenantDoctor: [async ({ graph, logger, settings }) => [await checkLibrary(createDriveClient(graph, logger), settings.attachmentsFolder ?? ATTACHMENTS_FOLDER)]],
  settings: ['HELPDESK_ATTACHMENT_MAX_MB', 'HELPDESK_ATTACHMENTS_FOLDER'],
});

/** What the files feature needs: exactly these services. */
export interface FilesServices {
  graph: GraphClient;
  helpdesk: Pick<HelpdeskService, 'addComment' | 'listComments'>;
  /** The store: its memos (each message's ledger, files held for a click) and the feature's table (which tickets have files). */
  memos: MemoStore & Pick<Store, 'featureDatabase'>;
  hosts: FileHosts;
  settings: FilesSettings;
  logger: Logger;
}

/** The feature's parts the channels, cards and doctor call. */
export interface FilesFeature {
  /** Puts one message's files on a ticket (exactly once per message key). */
  attach(request: AttachRequest): Promise<AttachResult>;
  /** After a message's command ran: its files go with the ticket the reply saved to, or are held for the offer's click; the lines to tell the sender. */
  afterReply(reply: ReplyFacts, message: MessageFiles): Promise<string[]>;
  /** After a click of `holder` saved a ticket or comment: the files held for them go with it; the lines to tell. */
  afterClick(reply: ReplyFacts, holder: string, connector?: Connector): Promise<string[]>;
  /** The ticket's files as the library lists them now, read with one request. */
  ticketFiles(ticketId: number, locale?: string): Promise<TicketFilesView>;
  /** The doctor's check: can the app write the attachments folder, and what to grant if not. */
  check(locale?: string): Promise<LibraryCheck>;
}

/** Builds the feature from its services. */
export function createFilesFeature(services: FilesServices): FilesFeature {
  const drive = createDriveClient(services.graph, services.logger);
  const downloader = createDownloader(services.hosts, services.graph.retry, services.logger);
  const attach = createAttach({ drive, downloader, memos: services.memos, notes: fileNotesIn(services.memos), helpdesk: services.helpdesk, settings: services.settings, logger: services.logger });
  const after = createAfterReply(attach, services.memos, services.logger);
  return {
    attach,
    afterReply: after.afterReply,
    afterClick: after.afterClick,
    ticketFiles: (ticketId, locale) => ticketFiles(drive, services.settings.folder, ticketId, locale),
    check: (locale) => checkLibrary(drive, services.settings.folder, locale),
  };
}
