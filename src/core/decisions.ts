/**
 * Decisions: what a button, form or confirm carries so that two clicks at once, a retry or two
 * replicas act once. The command layer claims a decision before the write and records its answer;
 * the store keeps them (src/store/decisions.ts), so every replica sees the same claim.
 */

/** The data key a button or form carries its decision id under. */
export const DECISION_KEY = 'decision';

/** What the command layer keeps of decisions. */
export interface DecisionPorts {
  /** Claims `key` for `pendingMs`: 'won' for exactly one caller (on any replica) while the claim lives, 'taken' for every other. */
  claim(key: string, pendingMs: number): Promise<'won' | 'taken'>;
  /** The winner's recorded answer; 'pending' while it works; undefined when the claim was released or has expired. */
  outcome(key: string): Promise<{ reply: unknown } | 'pending' | undefined>;
  /** Records the winner's answer (JSON-safe), kept for `keepMs`. */
  settle(key: string, reply: unknown, keepMs: number): Promise<void>;
  /** Frees the claim: nothing was written, so a real retry may act. */
  release(key: string): Promise<void>;
}
