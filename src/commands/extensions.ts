/**
 * What features add to the ticket core's own commands, in the core's words. Each point has a
 * default that adds nothing, so the core calls it without asking whether a feature is there; a
 * feature offers its part through the contract's `extensions` (src/features/types.ts), and the
 * registry holds the parts of the features it was bound with (none in one that only describes them).
 */
import type { Ticket } from '../helpdesk/types';
import type { Translate } from '../i18n';
import type { Choice, FormFieldError, FormView } from '../views/types';
import type { CommandContext, CommandInput, Reply } from './types';

/** The ticket fields a saved text may name (the requester, the title). */
export type TicketNames = Pick<Ticket, 'id' | 'title' | 'submittedByName' | 'submittedByEmail'>;

/**
 * What an agent's form is opened again with: the values its submit or its picker's Use button
 * carried (a pick among them, under the picker's input) and the etag the agent first saw.
 */
export interface FormSubmit {
  values?: Readonly<Record<string, string>>;
  etag?: string;
}

/** One feature's part in the core's commands; every member may be left out. */
export interface CommandExtension {
  /**
   * Before a new ticket's form opens with words: a reply offering something first (the desk's
   * answers), or undefined for the form. `fromMessage`: the words are another message's.
   */
  beforeNewTicket?(ctx: CommandContext, draft: Record<string, string>, options: { fromMessage?: boolean }): Promise<Reply | undefined>;
  /** An agent's comment or resolve form with the feature's part (a picker); `submitted` is what opened it again (what the agent picked on it). */
  agentForm?(ctx: CommandContext, form: FormView, isAgent: boolean, submitted?: FormSubmit): Promise<FormView>;
  /** What the agent picked on the form (read from `submitted`, the feature's input) put into `field` of `values`, or the problems to show under it. */
  fillPicked?(ctx: CommandContext, ticket: TicketNames, values: Record<string, string>, field: string, submitted: FormSubmit): Promise<FormFieldError[]>;
  /** A comment or note typed with a shortcut (`reply 12 /greeting`): the text to post, what to tell the agent, or undefined to post it as typed. */
  typedShortcut?(ctx: CommandContext, ticketId: number, text: string): Promise<{ text: string } | { problem: string } | undefined>;
  /** The choices of a form's picker that match what was typed into it. */
  pickerChoices?(ctx: CommandContext, query: string, limit: number): Promise<Choice[]>;
  /** The space the conversation is bound to (`space it`), which the core's lists, filing and `subscribe` follow. */
  boundSpace?(ctx: CommandContext): Promise<string | undefined>;
  /** Lines `subscriptions` adds about this conversation (its digest schedule). */
  conversationLines?(ctx: CommandContext, t: Translate): Promise<string[]>;
  /** The queues the feature lists (`queue due`), by name. */
  queues?: Readonly<Record<string, (ctx: CommandContext, input: CommandInput) => Promise<Reply>>>;
}

/** Every point, with the features' parts put together in list order. */
export type CommandExtensions = Required<Omit<CommandExtension, 'queues'>> & {
  /** The queue a feature lists under `name`, if one does. */
  queue(name: string): ((ctx: CommandContext, input: CommandInput) => Promise<Reply>) | undefined;
};

/** The first part's answer, asked in list order; undefined when none answers. */
async function firstAnswer<R>(parts: readonly CommandExtension[], ask: (part: CommandExtension) => Promise<R | undefined> | undefined): Promise<R | undefined> {
  for (const part of parts) {
    const answer = await ask(part);
    if (answer) return answer;
  }
  return undefined;
}

/** The features' parts as one set of points: offers and shortcuts take the first that answers, forms pass through each, lists add up. */
export function combineExtensions(parts: readonly CommandExtension[]): CommandExtensions {
  const queues = new Map<string, (ctx: CommandContext, input: CommandInput) => Promise<Reply>>();
  for (const part of parts) {
    for (const [name, list] of Object.entries(part.queues ?? {})) {
      if (queues.has(name)) throw new Error(`queue ${name} is listed by two features`);
      queues.set(name, list);
    }
  }
  return {
    beforeNewTicket: (ctx, draft, options) => firstAnswer(parts, (part) => part.beforeNewTicket?.(ctx, draft, options)),
    async agentForm(ctx, form, isAgent, submitted) {
      let shown = form;
      for (const part of parts) if (part.agentForm) shown = await part.agentForm(ctx, shown, isAgent, submitted);
      return shown;
    },
    async fillPicked(ctx, ticket, values, field, submitted) {
      const errors: FormFieldError[] = [];
      for (const part of parts) if (part.fillPicked) errors.push(...(await part.fillPicked(ctx, ticket, values, field, submitted)));
      return errors;
    },
    typedShortcut: (ctx, ticketId, text) => firstAnswer(parts, (part) => part.typedShortcut?.(ctx, ticketId, text)),
    async pickerChoices(ctx, query, limit) {
      const choices: Choice[] = [];
      for (const part of parts) if (part.pickerChoices) choices.push(...(await part.pickerChoices(ctx, query, limit - choices.length)));
      return choices.slice(0, limit);
    },
    boundSpace: (ctx) => firstAnswer(parts, (part) => part.boundSpace?.(ctx)),
    async conversationLines(ctx, t) {
      const lines: string[] = [];
      for (const part of parts) if (part.conversationLines) lines.push(...(await part.conversationLines(ctx, t)));
      return lines;
    },
    queue: (name) => queues.get(name),
  };
}

/** The points of no feature: what a registry that only describes the features runs. */
export const NO_EXTENSIONS: CommandExtensions = combineExtensions([]);

/** The points of the registry the command runs in (none when it runs without the app's). */
export function extensionsOf(ctx: CommandContext): CommandExtensions {
  return ctx.commands?.extensions ?? NO_EXTENSIONS;
}
