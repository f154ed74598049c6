/**
 * The one place a claim conflict is decided. Whatever brought the current version to light (the
 * version the bot remembered, a read before writing, a 412 and the read after it, a stale card),
 * a claim by `me` meets one of three things in it: the ticket is already mine (nothing to write,
 * not a conflict), someone else holds it (the conflict naming them, unless taking over), or it is
 * free. Commands turn the conflict into one answer (commands/failure.ts).
 */
import type { ServiceContext } from './context';
import { errorOf, say } from './error-messages';
import { HelpdeskError, type Holder, type Ticket } from './types';
import { sameAddress } from './validate';

/** Names holders from the cached agents list. */
export type HolderNames = (email: string) => Holder;

/**
 * Reads the agents list (cached) once, so deciding needs no further request. An unreadable list
 * names the holder by address, logged: the conflict is still a conflict, only the name is plainer.
 */
export async function holderNames(ctx: Pick<ServiceContext, 'agents' | 'logger'>): Promise<HolderNames> {
  const names = new Map<string, string>();
  try {
    for (const agent of await ctx.agents.active()) names.set(agent.email.toLowerCase(), agent.name || agent.email);
  } catch (err) {
    ctx.logger.warn('agents list unreadable; a claim conflict names the holder by address', { component: 'helpdesk', error: err });
  }
  return (email) => ({ email, name: names.get(email.toLowerCase()) ?? email });
}

/** The agent other than `me` who holds this version of the ticket, if any: the one test of "someone else has it". */
export function otherHolder(current: Ticket, me: string, names: HolderNames): Holder | undefined {
  if (!current.assignedTo || sameAddress(current.assignedTo, me)) return undefined;
  return names(current.assignedTo);
}

/** The conflict for a claim that lost to someone who holds the ticket. */
export function claimedBy(id: number, current: Ticket, holder: Holder, cause?: unknown): HelpdeskError {
  return errorOf('conflict', say('alreadyClaimed', { id, holder: holder.name }), { current, holder, cause });
}

/**
 * What a claim by `me` writes to this version: nothing when it is already mine, the conflict
 * (thrown) when someone else holds it and this is no confirmed take-over, else the claim.
 */
export function claimMeets(id: number, current: Ticket, me: string, names: HolderNames, takeOver: boolean): 'mine' | 'free' {
  if (current.assignedTo && sameAddress(current.assignedTo, me)) return 'mine';
  const holder = otherHolder(current, me, names);
  if (holder && !takeOver) throw claimedBy(id, current, holder);
  return 'free';
}

/** A conflict that turns out to show the ticket already mine (a second click after the claim went through): that version, else undefined. */
export function alreadyMine(err: unknown, me: string): Ticket | undefined {
  const current = err instanceof HelpdeskError && err.kind === 'conflict' ? err.details.current : undefined;
  return current && sameAddress(current.assignedTo, me) ? current : undefined;
}
