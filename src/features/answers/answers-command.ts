/**
 * `answers`, `answers add|edit|remove <name>`, the answer form and its submit, and Save as
 * answer on a resolved ticket's card: the desk's curated answers, for agents only. The offer
 * before a ticket and its "This solved it" button are in offer.ts.
 */
import type { AnswerPorts } from '../../core/answers';
import { EVERYWHERE } from '../../commands/declaration';
import { confirm, errorReply, formReply, needTicket, privately, tr } from '../../commands/respond';
import { MAX_REPLY_BODY, REPLY_VARIABLES, unknownVariables } from '../../views/reply-template';
import type { CommandContext, Reply } from '../../commands/types';
import type { FeatureCommand, FeatureHandler } from '../types';
import { answerPortsOver, type AnswerServices } from './answer-services';
import type { FormFieldError } from '../../views/types';
import { solved } from './offer';
import { prefillFromTicket } from './prefill';
import { answerKey } from './store';
import { ANSWER_VERBS } from './answer-verbs';
import { ANSWER_FORM, answerForm, answerList } from './views';

const USAGE = 'answers [add|edit|remove <name>]';
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}-]{0,39}$/u;

/** The answers for an agent, or the refusal to answer instead. */
async function answersFor(ctx: CommandContext, services: AnswerServices): Promise<{ ports: AnswerPorts } | { refusal: Reply }> {
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return { refusal: errorReply(tr(ctx)('answers:agentsOnly')) };
  return { ports: answerPortsOver(services.db) };
}

async function notFound(ctx: CommandContext, ports: AnswerPorts, name: string): Promise<Reply> {
  const t = tr(ctx);
  const names = (await ports.list()).map((a) => a.name);
  return errorReply(names.length ? t('answers:notFound', { name, names: names.join(', ') }) : t('answers:notFoundNone', { name }));
}

const form = (ctx: CommandContext, values: Record<string, string>, errors: FormFieldError[] = [], original?: string) =>
  formReply(answerForm(values, errors, ctx.locale, original));

async function addForm(ctx: CommandContext, ports: AnswerPorts, values: Record<string, string>): Promise<Reply> {
  const t = tr(ctx);
  const name = values.name ?? '';
  if (name && !NAME.test(answerKey(name))) return errorReply(t('answers:badName', { name }), USAGE);
  if (name && (await ports.get(name))) return errorReply(t('answers:exists', { name: answerKey(name) }));
  return form(ctx, name ? { ...values, name: answerKey(name) } : values);
}

async function editForm(ctx: CommandContext, ports: AnswerPorts, name: string, typed: Record<string, string> = {}): Promise<Reply> {
  const a = await ports.get(name);
  if (!a) return notFound(ctx, ports, name);
  const held: Record<string, string> = { name: a.name, title: a.title, body: a.body, phrases: a.phrases.join('\n'), language: a.language, shown: String(a.shown) };
  if (a.sourceTicket) held.sourceTicket = String(a.sourceTicket);
  const filled = Object.fromEntries(Object.entries(typed).filter(([, v]) => v));
  return form(ctx, { ...held, ...filled }, [], a.name);
}

/** `answers [add|edit|remove <name>]`. */
const answers: FeatureHandler<AnswerServices> = async (ctx, input, _commands, services) => {
  const found = await answersFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { ports } = found;
  const t = tr(ctx);
  const [word = '', name = '', ...more] = (input.values?.text ?? '').trim().split(/\s+/).filter(Boolean);
  const action = word.toLowerCase();
  if (!action || action === 'list') return privately({ type: 'confirmation', confirmation: answerList(await ports.list(), ctx.locale) });
  if (!['add', 'edit', 'remove'].includes(action)) return errorReply(t('answers:unknownAction', { word }), USAGE);
  if (action !== 'add' && !name) return errorReply(t('answers:needName', { action }), USAGE);
  if (more.length) return errorReply(t('answers:badName', { name: [name, ...more].join(' ') }), USAGE);
  if (action === 'add') return addForm(ctx, ports, { name });
  if (action === 'edit') return editForm(ctx, ports, name);
  if (!(await ports.remove(name))) return notFound(ctx, ports, name);
  return confirm(t('answers:removed', { name: answerKey(name) }));
};

/** The form from a button, or handed back with what was typed: edit `original` when given, else add. */
const answerFormHandler: FeatureHandler<AnswerServices> = async (ctx, input, _commands, services) => {
  const found = await answersFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { original = '', ...values } = input.values ?? {};
  return original.trim() ? editForm(ctx, found.ports, original.trim(), values) : addForm(ctx, found.ports, values);
};

/** What is wrong with a submitted answer, each under its field. */
function problems(ctx: CommandContext, v: Record<string, string>): FormFieldError[] {
  const t = tr(ctx);
  const errors: FormFieldError[] = [];
  const n = (x: number) => x.toLocaleString(ctx.locale ?? 'en');
  if (!v.name) errors.push({ field: 'name', message: t('answers:nameEmpty') });
  else if (!NAME.test(answerKey(v.name))) errors.push({ field: 'name', message: t('answers:badName', { name: v.name }) });
  if (!v.title) errors.push({ field: 'title', message: t('answers:titleEmpty') });
  const unknown = unknownVariables(v.body);
  if (!v.body) errors.push({ field: 'body', message: t('answers:bodyEmpty') });
  else if (v.body.length > MAX_REPLY_BODY) errors.push({ field: 'body', message: t('answers:bodyTooLong', { limit: n(MAX_REPLY_BODY), length: n(v.body.length) }) });
  else if (unknown.length) errors.push({ field: 'body', message: t('answers:unknownVariable', { variables: unknown.map((x) => `{{${x}}}`).join(', '), known: REPLY_VARIABLES.map((x) => `{{${x}}}`).join(', ') }) });
  if (!v.phrases.split('\n').some((p) => p.trim())) errors.push({ field: 'phrases', message: t('answers:phrasesEmpty') });
  return errors;
}

/** Checks and saves the form; anything wrong comes back in the form with what was typed. */
const save: FeatureHandler<AnswerServices> = async (ctx, input, _commands, services) => {
  const found = await answersFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const { ports } = found;
  const t = tr(ctx);
  const raw = input.values ?? {};
  const v = Object.fromEntries(['name', 'title', 'body', 'phrases', 'language', 'shown', 'sourceTicket', 'original'].map((k) => [k, (raw[k] ?? '').trim()]));
  const original = v.original || undefined;
  const errors = problems(ctx, v);
  const typed = { name: v.name, title: v.title, body: v.body, phrases: v.phrases, language: v.language, shown: v.shown, ...(v.sourceTicket ? { sourceTicket: v.sourceTicket } : {}) };
  if (errors.length) return form(ctx, typed, errors, original);
  const draft = {
    name: answerKey(v.name),
    language: v.language === 'de' ? ('de' as const) : ('en' as const),
    title: v.title,
    body: v.body,
    phrases: v.phrases.split('\n').map((p) => p.trim()).filter(Boolean),
    shown: v.shown !== 'false',
    ...(Number(v.sourceTicket) > 0 ? { sourceTicket: Number(v.sourceTicket) } : {}),
  };
  const now = new Date().toISOString();
  if (!original || answerKey(original) !== draft.name) {
    if (!(await ports.add(draft, ctx.actor.email, now))) return form(ctx, typed, [{ field: 'name', message: t('answers:exists', { name: draft.name }) }], original);
    // Renamed: the answer under its old name goes once the new one is kept.
    if (original) await ports.remove(original);
    return confirm(t(draft.shown ? 'answers:added' : 'answers:addedHidden', { name: draft.name }));
  }
  if (!(await ports.update(draft, now))) return form(ctx, typed, [{ field: 'name', message: t('answers:gone', { name: original }) }]);
  return confirm(t('answers:updated', { name: draft.name }));
};

/** The Remove button (`name`). */
const remove: FeatureHandler<AnswerServices> = async (ctx, input, _commands, services) => {
  const found = await answersFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const name = (input.values?.name ?? '').trim();
  if (!name) return errorReply(tr(ctx)('answers:needName', { action: 'remove' }), USAGE);
  if (!(await found.ports.remove(name))) return notFound(ctx, found.ports, name);
  return confirm(tr(ctx)('answers:removed', { name: answerKey(name) }));
};

/** Save as answer: the form filled from a resolved ticket's title and public resolution note, nothing private. */
const fromTicket: FeatureHandler<AnswerServices> = async (ctx, input, _commands, services) => {
  const found = await answersFor(ctx, services);
  if ('refusal' in found) return found.refusal;
  const id = needTicket(ctx, input, USAGE);
  if (typeof id !== 'number') return id;
  const prefill = await prefillFromTicket(ctx, id, input.values?.text);
  if ('refusal' in prefill) return prefill.refusal;
  return addForm(ctx, found.ports, prefill.values);
};

/** `answers [add|edit|remove <name>]`, its form and buttons, and the offer's "This solved it". */
export const answersCommand: FeatureCommand<AnswerServices> = {
  name: 'answers',
  usage: USAGE,
  description: 'answers:describe',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'text' },
  verb: ANSWER_VERBS.list,
  handles: {
    [ANSWER_VERBS.list]: answers,
    [ANSWER_VERBS.form]: answerFormHandler,
    [ANSWER_VERBS.save]: save,
    [ANSWER_VERBS.remove]: remove,
    [ANSWER_VERBS.solved]: solved,
  },
  once: [ANSWER_VERBS.save, ANSWER_VERBS.remove, ANSWER_VERBS.solved],
  writes: true,
  form: { name: ANSWER_FORM, opens: ANSWER_VERBS.form },
  answers: 'confirmation',
  examples: [
    { name: 'answers', typed: 'answers' },
    { name: 'answer form', verb: ANSWER_VERBS.form },
    { name: 'save an answer', verb: ANSWER_VERBS.save, values: { name: 'matrix-{tag}', title: 'Matrix answer', body: 'Restart it.', phrases: 'matrix words', language: 'en', shown: 'true' } },
    { name: 'remove an answer', verb: ANSWER_VERBS.remove, values: { name: 'matrix-{tag}' } },
    { name: 'this solved it', verb: ANSWER_VERBS.solved, values: { answer: 'matrix-{tag}', offer: 'offer-{tag}', language: 'en' }, access: 'email' },
  ],
  helpGroup: 'work',
};

/** Save as answer on a resolved ticket's card, or typed (in its thread too): the answer form filled from the ticket. */
export const saveAnswerCommand: FeatureCommand<AnswerServices> = {
  name: 'save-answer',
  usage: 'save-answer <ticket id>',
  description: 'answers:describeSave',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id' },
  verb: ANSWER_VERBS.fromTicket,
  handles: { [ANSWER_VERBS.fromTicket]: fromTicket },
  once: [ANSWER_VERBS.fromTicket],
  inThread: true,
  answers: 'form',
  examples: [{ name: 'save as answer', typed: 'save-answer {id}', ticket: 'resolved' }],
  helpGroup: 'work',
};
