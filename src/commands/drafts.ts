/**
 * Drafts: text too long to ride in a button (a Slack button value holds 2,000 characters, a Teams
 * card about 40 KB) is kept in the Store for a while and the button carries its id; a click that
 * names a draft gets its values back before any handler runs, so nothing typed is cut.
 */
import { commandLogger } from './logger';
import type { CommandContext, CommandInput } from './types';

/** The value key that names a kept draft. */
export const DRAFT_KEY = 'draft';

/** `data` itself when its JSON fits in `room` characters, else a kept draft's id (itself when nothing can keep it). */
export async function keptIfLong(ctx: CommandContext, data: Record<string, string>, room: number): Promise<Record<string, string>> {
  if (JSON.stringify(data).length <= room || !ctx.notifications) return data;
  try {
    return { [DRAFT_KEY]: await ctx.notifications.keepDraft(data) };
  } catch (err) {
    // The button then carries the data itself: longer, but nothing typed is lost.
    const logger = commandLogger(ctx);
    logger.warn('draft could not be kept; the button carries the text itself', { error: err });
    return data;
  }
}

/** The input with a named draft's values put back (values the click itself carries win). */
export async function withDraft(ctx: CommandContext, input: CommandInput): Promise<CommandInput> {
  const id = input.values?.[DRAFT_KEY];
  if (!id || !ctx.notifications) return input;
  const { [DRAFT_KEY]: _id, ...rest } = input.values!;
  const kept = await ctx.notifications.draft(id).catch((error: unknown) => {
    // The click runs with what it carries; a form that misses the text says what is missing.
    const logger = commandLogger(ctx);
    logger.warn('kept draft unreadable; the click runs without it', { error });
    return undefined;
  });
  return { ...input, values: { ...(kept ?? {}), ...rest } };
}
