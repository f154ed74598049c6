/**
 * What a chat message's files are as the channels hand them on, and the port that takes them in
 * (a listed feature declares it, src/features/types.ts `fileIntake`; the composition, src/app.ts,
 * hands one per platform to each channel, or none when no listed feature takes files in).
 */

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

/** What the reply to a message said happened (the command layer's Reply, in part; any reply a channel holds fits). */
export interface FileReplyFacts { ticketId?: number; outcome?: string; view?: unknown }

/** The Bot Connector a (Teams) message came through: its hosts, and the bot's token for them. */
export interface FileConnector { hosts: readonly string[]; token(): Promise<string | undefined> }

/** The files one message carried, and whose they are; `holder` names the sender on the platform (slack, then the user id; teams, then the AAD object id). */
export interface MessageFiles {
  /** The person who sent them; the comment is theirs. */
  actor: { email: string; name: string };
  locale?: string;
  /** Unique per chat message (Slack `team:channel:ts`, Teams `conversation:activity id`). */
  messageKey: string;
  files: readonly FileRef[];
  /** The Bot Connector the (Teams) message came through, for its pasted images. */
  connector?: FileConnector;
  holder: string;
}

/** Where the files a message carries go; each call gives the lines to tell the sender. */
export interface FileIntake {
  /** After a message's command ran: its files go with the ticket the reply saved to, or are held for the offer's click. */
  afterReply(reply: FileReplyFacts, message: MessageFiles): Promise<string[]>;
  /** After a click of `holder` saved a ticket or comment: the files held for them go with it. */
  afterClick(reply: FileReplyFacts, holder: string, connector?: FileConnector): Promise<string[]>;
}

/** Whose files an intake takes in: Teams' (the Bot Connector's token travels with each message) or Slack's, with the bot token its file host takes. */
export type FileSource = { platform: 'teams' } | { platform: 'slack'; token: string };
