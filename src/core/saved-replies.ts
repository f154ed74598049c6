/** Saved replies: what the commands, the store and the channels' pickers share. */

/** One saved reply of the desk: its name (one word) and its body with `{{…}}` variables. */
export interface SavedReply {
  name: string;
  body: string;
  /** Who saved it last, and when (ISO). */
  updatedBy: string;
  updatedAt: string;
}

/** The desk's saved replies as the commands see them (kept by src/features/saved-replies/saved-replies-table.ts). */
export interface SavedReplyPorts {
  /** Every saved reply, by name. */
  list(): Promise<SavedReply[]>;
  /** One saved reply by name (case-insensitive). */
  get(name: string): Promise<SavedReply | undefined>;
  /** Adds one; false when a reply of that name (any case) already exists. */
  add(reply: SavedReply): Promise<boolean>;
  /** Replaces the reply named `name` (it may be renamed): 'missing' when it is gone, 'taken' when the new name is another's. */
  replace(name: string, reply: SavedReply): Promise<'saved' | 'missing' | 'taken'>;
  /** Removes one; false when there was none. */
  remove(name: string): Promise<boolean>;
}
