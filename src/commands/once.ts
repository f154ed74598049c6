/**
 * Every write happens once. A writing button, form or confirm carries a decision id (minted when
 * its view was built: src/views/decisions.ts). Before the handler runs, the decision is claimed in
 * the store: the one click that wins writes and records its answer; every other click carrying the
 * same decision (a double click, a retry with a new request id, another replica) waits for that
 * answer and gets it, told it was already done. A winner that wrote nothing (refused, invalid, lost
 * a race, failed) releases the decision, so a real retry acts. Typed commands carry no decision.
 */
import { DECISION_KEY, type DecisionPorts } from '../core/decisions';
import { withDecisions } from '../views/decisions';
import type { View } from '../views/types';
import { commandLogger } from './logger';
import { memoryDecisions } from './once-memory';
import { confirm, tr } from './respond';
import type { CommandRegistry } from './command-registry';
import type { CommandContext, CommandInput, Reply } from './types';

/** How long a claim holds while its winner works: a winner that died frees it after this. */
export const PENDING_MS = 2 * 60_000;
/** How long a decision and its answer are kept (a card clicked again within this is told it was done). */
export const KEEP_MS = 7 * 24 * 3600_000;
/** How long a later click waits for the first one's answer before saying it is still at work. */
export const WAIT_MS = 10_000;

/** Decisions of a process run without a store (one process: memory is shared by every click). */
const local = memoryDecisions();

/** The input without its decision: handlers never see it. */
function withoutDecision(input: CommandInput): CommandInput {
  if (!input.values || !Object.hasOwn(input.values, DECISION_KEY)) return input;
  const { [DECISION_KEY]: _decision, ...values } = input.values;
  return { ...input, values };
}

/** The reply with a decision on each writing button and form it shows. */
export function decided(reply: Reply, commands: CommandRegistry): Reply {
  return { ...reply, view: withDecisions(reply.view, commands.actsOnce) };
}

/** True when the handler's answer says nothing was written, so the decision is free again. */
function wroteNothing(reply: Reply): boolean {
  if (reply.outcome === 'saved') return false;
  if (reply.outcome === 'failed' || reply.outcome === 'conflict' || reply.outcome === 'invalid') return true;
  return reply.view.type === 'error' || (reply.view.type === 'form' && reply.view.form.errors.length > 0);
}

/** The first click's answer, for a later click: the same result, said to be done already, to this person alone. */
function alreadyDone(ctx: CommandContext, stored: Reply): Reply {
  const t = tr(ctx);
  const framed = (what: string | undefined) => (what ? t('commands:once.alreadyDone', { what }) : t('commands:once.alreadyDoneBare'));
  const v = stored.view;
  let view: View = v;
  if (v.type === 'ticket') view = { type: 'ticket', ticket: { ...v.ticket, notice: { text: framed(v.ticket.notice?.text), tone: 'info' } } };
  else if (v.type === 'confirmation') view = { type: 'confirmation', confirmation: { ...v.confirmation, message: framed(v.confirmation.message) } };
  else if (v.type === 'text') view = { type: 'text', text: framed(v.text) };
  const reply: Reply = { ...stored, view, visibility: 'private', outcome: 'unchanged' };
  return reply;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `handle` once per decision: the input's decision (when its verb writes) is claimed first;
 * a click that lost the claim answers with the winner's result. Without a decision it just runs.
 */
export async function once(ctx: CommandContext, commands: CommandRegistry, input: CommandInput, handle: (input: CommandInput) => Promise<Reply>): Promise<Reply> {
  const clean = withoutDecision(input);
  const decision = input.values?.[DECISION_KEY];
  if (!decision || !commands.actsOnce(String(input.verb)) || !ctx.actor.email) return handle(clean);
  // One person's decision on one verb: a shared card's button clicked by two people is two decisions.
  const key = `${String(input.verb)}|${input.ticketId ?? ''}|${decision}|${ctx.actor.email.toLowerCase()}`;
  const decisions: DecisionPorts = ctx.notifications?.decisions ?? local;
  const logger = commandLogger(ctx);
  const deadline = Date.now() + WAIT_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    let claim: 'won' | 'taken';
    try {
      claim = await decisions.claim(key, PENDING_MS);
    } catch (error) {
      // The store not answering must not stand between a person and their change: it acts unguarded.
      logger.warn('a decision could not be claimed; the click acts without its once-only guard', { verb: input.verb, error });
      return handle(clean);
    }
    if (claim === 'won') return settle(decisions, key, clean, handle, ctx, commands);
    // Another click holds it: wait for its answer, or for it to give the decision back.
    for (;;) {
      const outcome = await decisions.outcome(key).catch((error: unknown) => {
        logger.warn('the first click\'s answer could not be read; this click says it is still at work', { verb: input.verb, error });
        return 'pending' as const;
      });
      if (outcome === undefined) break;
      if (outcome !== 'pending') return alreadyDone(ctx, outcome.reply as Reply);
      if (Date.now() >= deadline) return confirm(tr(ctx)('commands:once.stillWorking'));
      await pause(wait);
      wait = Math.min(wait * 2, 200);
    }
  }
}

/** The winner: runs, then records its answer, or gives the decision back when nothing was written. */
async function settle(decisions: DecisionPorts, key: string, input: CommandInput, handle: (input: CommandInput) => Promise<Reply>, ctx: CommandContext, commands: CommandRegistry): Promise<Reply> {
  let reply: Reply;
  try {
    reply = decided(await handle(input), commands);
  } catch (error) {
    // Whatever the handler threw, nothing is known to be written: a real retry may act. A release
    // that fails too leaves the claim to lapse (PENDING_MS); the handler's error is what is answered.
    await decisions.release(key).catch(() => undefined);
    throw error;
  }
  try {
    if (wroteNothing(reply)) await decisions.release(key);
    else await decisions.settle(key, reply, KEEP_MS);
  } catch (error) {
    // The change is made and answered; a later click of this decision waits for the claim to lapse, then acts again.
    const logger = commandLogger(ctx);
    logger.warn('the answer of a decision could not be recorded', { verb: input.verb, error });
  }
  return reply;
}
