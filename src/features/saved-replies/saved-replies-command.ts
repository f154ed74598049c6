/**
 * `replies`, `replies add|edit|remove <name>`, and the saved-reply form and its submit: the
 * desk's shared saved replies, for agents only.
 */
import type { SavedReplyPorts } from '../../core/saved-replies';
import { VERBS } from '../../core';
import { SAVED_REPLY_FORM, savedReplyForm, savedReplyList, variableNames } from './saved-replies-view';
import type { FormFieldError } from '../../views/types';
import { EVERYWHERE } from '../../commands/declaration';
import { confirm, errorReply, formReply, privately, tr } from '../../commands/respond';
import { isReplyName, MAX_REPLY_BODY, REPLY_VARIABLES, unknownVariables } from '../../views/reply-template';
import type { CommandContext, Reply } from '../../commands/types';
import type { Kysely } from 'kysely';
import type { FeatureCommand, FeatureHandler } from '../types';
import { createSavedReplies, type SavedReplyTables } from './saved-replies-table';

/** What the saved-replies feature is handed: its own table. */
export interface SavedReplyServices {
  db: Kysely<SavedReplyTables>;
}

/** The saved replies for an agent, or the refusal to answer instead. */
async function savedRepliesFor(ctx: CommandContext, services: SavedReplyServices): Promise<{ ports: SavedReplyPorts } | { refusal: Reply }> {
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return { refusal: errorReply(tr(ctx)('saved-replies:agentsOnly')) };
  return { ports: createSavedReplies(services.db) };
}

/** "There is no saved reply named “x”. Saved replies: a, b." */
export async function notFoundMessage(ctx: CommandContext, ports: SavedReplyPorts, name: string): Promise<string> {
  const t = tr(ctx);
  const names = (await ports.list()).map((r) => `/${r.name}`);
  return names.length ? t('saved-replies:notFound', { name, names: names.join(', ') }) : t('saved-replies:notFoundNone', { name });
}

function form(ctx: CommandContext, values: Record<string, string>, errors: FormFieldError[] = [], original?: string): Reply {
  return formReply(savedReplyForm(values, errors, REPLY_VARIABLES, ctx.locale, original));
}

async function listReply(ctx: CommandContext, ports: SavedReplyPorts): Promise<Reply> {
  return privately({ type: 'confirmation', confirmation: savedReplyList(await ports.list(), ctx.locale) });
}

/** The add form, or why that name cannot be added. */
async function addForm(ctx: CommandContext, ports: SavedReplyPorts, name: string, body = ''): Promise<Reply> {
  const t = tr(ctx);
  if (name && !isReplyName(name)) return errorReply(t('saved-replies:badName', { name }), repliesCommand.usage);
  if (name && (await ports.get(name))) return errorReply(t('saved-replies:exists', { name }));
  return form(ctx, body ? { name, body } : { name });
}

/** The edit form filled with the reply (or with `typed`, a form handed back), or the list of names when there is none of that name. */
async function editForm(ctx: CommandContext, ports: SavedReplyPorts, name: string, typed: { name?: string; body?: string } = {}): Promise<Reply> {
  const reply = await ports.get(name);
  if (!reply) return errorReply(await notFoundMessage(ctx, ports, name));
  return form(ctx, { name: typed.name || reply.name, body: typed.body || reply.body }, [], reply.name);
}

async function removeReply(ctx: CommandContext, ports: SavedReplyPorts, name: string): Promise<Reply> {
  if (!(await ports.remove(name))) return errorReply(await notFoundMessage(ctx, ports, name));
  return confirm(tr(ctx)('saved-replies:removed', { name }));
}

/** `replies [add|edit|remove <name>]`. */
const replies: FeatureHandler<SavedReplyServices> = async (ctx, input, _commands, services) => {
  const found = await savedRepliesFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { ports } = found;
  const t = tr(ctx);
  const [word = '', name = '', ...more] = (input.values?.text ?? '').trim().split(/\s+/).filter(Boolean);
  const action = word.toLowerCase();
  if (!action || action === 'list') return listReply(ctx, ports);
  if (!['add', 'edit', 'remove'].includes(action)) return errorReply(t('saved-replies:unknownAction', { word }), repliesCommand.usage);
  if (action !== 'add' && !name) return errorReply(t('saved-replies:needName', { action }), repliesCommand.usage);
  // A name is one word: more words are a name with spaces, refused like any other bad name.
  const typed = [name, ...more].join(' ');
  if (more.length) return errorReply(t('saved-replies:badName', { name: typed }), repliesCommand.usage);
  if (action === 'add') return addForm(ctx, ports, name);
  if (action === 'edit') return editForm(ctx, ports, name);
  return removeReply(ctx, ports, name);
};

/** The form from a button: edit `original` when given, else add (with `name` when given). */
const replyForm: FeatureHandler<SavedReplyServices> = async (ctx, input, _commands, services) => {
  const found = await savedRepliesFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { ports } = found;
  const original = (input.values?.original ?? '').trim();
  // A form handed back after it could not be used (Slack, past its 3 s) comes with what was typed.
  const name = (input.values?.name ?? '').trim();
  const body = input.values?.body ?? '';
  return original ? editForm(ctx, ports, original, { name, body }) : addForm(ctx, ports, name, body);
};

/** Checks and saves the form; anything wrong comes back in the form with what was typed. */
const save: FeatureHandler<SavedReplyServices> = async (ctx, input, _commands, services) => {
  const found = await savedRepliesFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { ports } = found;
  const t = tr(ctx);
  const name = (input.values?.name ?? '').trim();
  const body = (input.values?.body ?? '').trim();
  const original = (input.values?.original ?? '').trim() || undefined;
  const errors: FormFieldError[] = [];
  if (!isReplyName(name)) errors.push({ field: 'name', message: t('saved-replies:badName', { name }) });
  const unknown = unknownVariables(body);
  if (!body) errors.push({ field: 'body', message: t('saved-replies:bodyEmpty') });
  else if (body.length > MAX_REPLY_BODY) errors.push({ field: 'body', message: t('saved-replies:bodyTooLong', { limit: MAX_REPLY_BODY.toLocaleString(ctx.locale ?? 'en'), length: body.length.toLocaleString(ctx.locale ?? 'en') }) });
  else if (unknown.length) errors.push({ field: 'body', message: t('saved-replies:unknownVariable', { variables: variableNames(unknown), known: variableNames(REPLY_VARIABLES) }) });
  if (errors.length) return form(ctx, { name, body }, errors, original);
  const record = { name, body, updatedBy: ctx.actor.email, updatedAt: new Date().toISOString() };
  if (!original) {
    if (!(await ports.add(record))) return form(ctx, { name, body }, [{ field: 'name', message: t('saved-replies:exists', { name }) }]);
    return confirm(t('saved-replies:added', { name }));
  }
  const outcome = await ports.replace(original, record);
  if (outcome === 'taken') return form(ctx, { name, body }, [{ field: 'name', message: t('saved-replies:exists', { name }) }], original);
  if (outcome === 'missing') return form(ctx, { name, body }, [{ field: 'name', message: t('saved-replies:gone', { name: original }) }]);
  return confirm(t('saved-replies:updated', { name }));
};

/** The Remove button (`name`). */
const remove: FeatureHandler<SavedReplyServices> = async (ctx, input, _commands, services) => {
  const found = await savedRepliesFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { ports } = found;
  const name = (input.values?.name ?? '').trim();
  if (!name) return errorReply(tr(ctx)('saved-replies:needName', { action: 'remove' }), repliesCommand.usage);
  return removeReply(ctx, ports, name);
};

/** `replies [add|edit|remove <name>]`. */
export const repliesCommand: FeatureCommand<SavedReplyServices> = {
  name: 'replies',
  usage: 'replies [add|edit|remove <name>]',
  description: 'saved-replies:describe',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'text' },
  verb: VERBS.replies,
  handles: { [VERBS.replies]: replies, [VERBS.repliesForm]: replyForm, [VERBS.repliesSave]: save, [VERBS.repliesRemove]: remove },
  once: [VERBS.repliesSave, VERBS.repliesRemove],
  writes: true,
  form: { name: SAVED_REPLY_FORM, opens: VERBS.repliesForm },
  answers: 'confirmation',
  examples: [
    { name: 'replies', typed: 'replies' },
    { name: 'saved reply form', verb: VERBS.repliesForm },
    { name: 'save a saved reply', verb: VERBS.repliesSave, values: { name: 'matrix-{tag}', body: 'Hello {{requester.firstName}}' } },
    { name: 'remove a saved reply', verb: VERBS.repliesRemove, values: { name: 'matrix-{tag}' } },
  ],
  helpGroup: 'work',
};
