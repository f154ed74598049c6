/**
 * `edit <id>`, the Edit button and the edit form's submit. Requesters change title and
 * description of their own open tickets; agents also the category. The save is guarded by the
 * etag the person saw: if someone changed the ticket meanwhile, nothing is saved and the reply
 * is the ticket as it now is (outcome conflict, so Slack reopens the form with what was typed),
 * its notice quoting what the person wrote so nothing typed is lost on any channel.
 */
import { actedOnTicket } from './acted';
import { HelpdeskError, type NewTicket, type Ticket } from '../helpdesk/types';
import { matchValue } from '../views/format';
import { editForm as buildEditForm } from '../views/forms';
import { EXTRA_PREFIX, extraInput } from '../views/site-fields';
import type { FormFieldError } from '../views/types';
import { formField, formReply, needTicket, notice, saved, ticketReply, tr } from './respond';
import type { Translate } from '../i18n';
import { errorText } from '../helpdesk/error-messages';
import { unchangedReply } from './unchanged';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { CommandContext, Handler, Reply } from './types';

async function formFor(ctx: CommandContext, ticket: Pick<Ticket, 'id' | 'etag' | 'title' | 'description' | 'category'>, values?: Record<string, string>, errors: FormFieldError[] = []): Promise<Reply> {
  const isAgent = await ctx.helpdesk.isAgent(ctx.actor.email);
  return formReply(buildEditForm(ticket, ctx.helpdesk.vocabulary, isAgent, values, errors, ctx.locale));
}

/** What a lost edit says: nothing saved, and what the person wrote, quoted so it is not lost. */
function conflictText(t: Translate, id: number, now: Ticket, typed: Record<string, string>): string {
  const wrote = [t('commands:edit.wroteTitle', { value: typed.title.trim() })];
  if (typed.description.trim() !== now.description.trim()) {
    const d = typed.description.trim();
    wrote.push(t('commands:edit.wroteDescription', { value: d.length > 500 ? `${d.slice(0, 499)}…` : d }));
  }
  if (typed.category && typed.category !== now.category) wrote.push(t('commands:edit.wroteCategory', { value: typed.category }));
  return t('commands:edit.conflict', { id, wrote: wrote.join(', ') });
}

/** Opens the edit form filled with the ticket as it is. */
const editForm: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, editCommand.usage);
  if (typeof id !== 'number') return id;
  return formFor(ctx, await ctx.helpdesk.getTicket(ctx.actor, id));
};

/** Saves the fields that changed. */
const edit: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, editCommand.usage);
  if (typeof id !== 'number') return id;
  const raw = input.values ?? {};
  const values: Record<string, string> = { title: raw.title ?? '', description: raw.description ?? '' };
  if (raw.category !== undefined) values.category = raw.category;
  for (const [key, value] of Object.entries(raw)) if (key.startsWith(EXTRA_PREFIX)) values[key] = value;
  const seen = { id, etag: input.etag ?? '', title: values.title, description: values.description, category: values.category ?? '' };
  const t = tr(ctx);
  if (!values.title.trim()) return formFor(ctx, seen, values, [{ field: 'title', message: t('commands:common.titleRequired') }]);
  const changes: Partial<NewTicket> = { title: values.title, description: values.description };
  if (values.category?.trim()) {
    const category = matchValue(await ctx.helpdesk.valuesFor('category', values.category), values.category);
    // A category the site no longer offers may be the one the ticket holds (the form shows it): the service tells.
    changes.category = category ?? values.category.trim();
  }
  const extra = extraInput(values);
  if (extra) changes.extra = extra;
  let result;
  try {
    result = await ctx.helpdesk.updateTicket(ctx.actor, id, changes, input.etag);
  } catch (err) {
    if (err instanceof HelpdeskError && err.kind === 'invalid') {
      const field = formField(err.details.field, values);
      return formFor(ctx, seen, values, [{ field, message: errorText(err, t) }]);
    }
    if (err instanceof HelpdeskError && err.kind === 'conflict') {
      const now = err.details.current ?? (await ctx.helpdesk.getTicket(ctx.actor, id));
      return ticketReply(ctx, now, 'private', { notice: notice(conflictText(t, id, now, values), 'warning'), outcome: 'conflict' });
    }
    throw err;
  }
  const { ticket, outcome } = result;
  if (outcome === 'unchanged') return unchangedReply(ctx, ticket, t('commands:common.asYouWroteIt'));
  await actedOnTicket(ctx, ticket);
  return ticketReply(ctx, ticket, 'private', saved(t('commands:edit.saved', { id, title: ticket.title })));
};

/** `edit <ticket id>`. */
export const editCommand: CommandDeclaration = {
  name: 'edit',
  usage: 'edit <ticket id>',
  description: 'commands:describe.edit',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id' },
  verb: VERBS.editForm,
  handles: { [VERBS.editForm]: editForm, [VERBS.edit]: edit },
  once: [VERBS.edit],
  form: { name: 'edit', opens: VERBS.editForm, template: 'edit-form' },
  answers: 'ticket',
  examples: [
    { name: 'edit form', typed: 'edit {id}', ticket: 'open' },
    { name: 'edit', verb: VERBS.edit, values: { title: 'matrix edited title', description: 'matrix edited' }, ticket: 'open', effect: 'title' },
  ],
  helpGroup: 'tickets',
};
