/**
 * New-ticket form submit. Invalid input returns the form again with `errors` filled and every
 * value kept, so nothing typed is lost. The created ticket is shown privately.
 */
import { actedOnTicket } from './acted';
import { HelpdeskError, LIMITS, type NewTicket } from '../helpdesk/types';
import { matchValue } from '../views/format';
import { newTicketForm } from '../views/forms';
import { EXTRA_PREFIX, extraFieldId, extraInput } from '../views/site-fields';
import type { FormFieldError } from '../views/types';
import { formField, formReply, saved, ticketReply, tooLong, tr } from './respond';
import type { Translate } from '../i18n';
import { errorText } from '../helpdesk/error-messages';
import type { Handler } from './types';
import { boundSpace } from './space-scope';

/** The description with the chat message it came from, so agents can find the conversation. */
function withSource(description: string, sourceLink: string | undefined, t: Translate): string {
  if (!sourceLink || description.includes(sourceLink)) return description;
  const from = t('commands:common.fromChat', { link: sourceLink });
  return description.trim() ? `${description}\n\n${from}` : from;
}

/** Validates the form and files the ticket. */
export const create: Handler = async (ctx, input) => {
  const vocabulary = ctx.helpdesk.vocabulary;
  const raw = input.values ?? {};
  const values: Record<string, string> = {
    title: raw.title ?? '',
    description: raw.description ?? '',
    priority: raw.priority ?? '',
    category: raw.category ?? '',
  };
  // The site's extra columns: each one the form has, so an error about it lands under its field.
  for (const column of vocabulary.site?.extra ?? []) values[extraFieldId(column.name)] = raw[extraFieldId(column.name)] ?? '';
  for (const [key, value] of Object.entries(raw)) if (key.startsWith(EXTRA_PREFIX)) values[key] = value;
  const t = tr(ctx);
  const errors: FormFieldError[] = [];
  const title = values.title.trim();
  if (!title) errors.push({ field: 'title', message: t('commands:common.titleRequired') });
  else if (title.length > LIMITS.title) errors.push({ field: 'title', message: tooLong(ctx, 'title', LIMITS.title, title.length) });
  // Counted as the service counts: surrounding spaces do not count.
  const fullLength = withSource(values.description, raw.sourceLink, t).trim().length;
  if (fullLength > LIMITS.description) {
    errors.push({ field: 'description', message: tooLong(ctx, 'description', LIMITS.description, fullLength) });
  }
  // A value the bot does not know has the site's columns read again first: the site may have added it.
  const priorities = await ctx.helpdesk.valuesFor('priority', values.priority);
  const priority = values.priority.trim() ? matchValue(priorities, values.priority) : undefined;
  if (values.priority.trim() && !priority) {
    errors.push({ field: 'priority', message: t('commands:common.notAPriority', { value: values.priority, choices: priorities.join(', ') }) });
  }
  const categories = await ctx.helpdesk.valuesFor('category', values.category);
  const category = values.category.trim() ? matchValue(categories, values.category) : undefined;
  if (values.category.trim() && !category) {
    errors.push({ field: 'category', message: t('commands:common.notACategory', { value: values.category, choices: categories.join(', ') }) });
  }
  if (errors.length) return formReply(newTicketForm(vocabulary, values, errors, raw.sourceLink, ctx.locale));

  const ticket: NewTicket = { title };
  const description = withSource(values.description, raw.sourceLink, t);
  if (description.trim()) ticket.description = description;
  if (priority) ticket.priority = priority;
  if (category) ticket.category = category;
  // Filed in a channel bound to a space (the form, a message action or shortcut, the 🎫 reaction): it goes to that space.
  const space = await boundSpace(ctx);
  if (space) ticket.spaceId = space;
  const extra = extraInput(values);
  if (extra) ticket.extra = extra;
  try {
    const created = await ctx.helpdesk.createTicket(ctx.actor, ticket);
    await actedOnTicket(ctx, created);
    // A ticket just filed has no comments: nothing to read.
    return await ticketReply(ctx, created, 'private', saved(t('commands:create.filed', { id: created.id })), []);
  } catch (err) {
    // The service's own validation failure goes back onto the form, next to the field it names.
    if (err instanceof HelpdeskError && err.kind === 'invalid') {
      const field = formField(err.details.field, values);
      return formReply(newTicketForm(vocabulary, values, [{ field, message: errorText(err, t) }], raw.sourceLink, ctx.locale));
    }
    throw err;
  }
};
