/** What the files feature takes in and gives back; channel-neutral. */

/** One file a chat message carried, as the platform described it (nothing fetched yet). */
export interface FileRef {
  platform: 'slack' | 'teams';
  /** The file name the person sees in chat. */
  name: string;
  /** Bytes, when the platform said (Slack does; Teams does not). */
  size?: number;
  mimeType?: string;
  /** Where the bytes are; fetched only when it is on the platform's own file hosts. Undefined: the platform keeps it (Slack external or hidden files). */
  url?: string;
  /** Which credentials the platform's host takes: Slack's bot token, the Bot Connector token, or none (a pre-authenticated Teams download URL). */
  auth: 'slack-bot' | 'teams-connector' | 'none';
  /** The chat's own link to the file (Slack permalink), kept on the ticket when the library cannot take it. */
  chatLink?: string;
  /** When it was sent (ISO), for "sent in Teams chat at …". */
  sentAt?: string;
}

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
