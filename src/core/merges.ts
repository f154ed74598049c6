/** Merged tickets (src/features/duplicates): what the merge command writes and the notifications read. */

/** Who asked a ticket that was merged into another, so they hear what happens to it. */
export interface MergePorts {
  /** Records `duplicate` merged into `target` (requested by `requester`); a second record of the same duplicate changes nothing. */
  record(duplicate: number, target: number, requester: string, by: string, at: string): Promise<void>;
  /** The ticket `duplicate` was merged into, if it was. */
  mergedInto(duplicate: number): Promise<number | undefined>;
  /** The requesters of the tickets merged into `target`. */
  followersOf(target: number): Promise<string[]>;
}
