/**
 * `merge <id> into <id>` and the "Merge into #12" button: agents only, asked first. The duplicate
 * is resolved with the public note "Merged into #12"; its description goes to #12 as an internal
 * note naming who asked (internal: #12's requester is someone else). A retry after a timeout
 * writes nothing twice: each write is looked for on the tickets before it is made, the note on
 * #12 first and the resolution last, so whatever a failed try left is found and not repeated.
 */
import { EVERYWHERE } from '../../commands/declaration';
import type { Kysely } from 'kysely';
import type { FeatureCommand, FeatureHandler } from '../types';
import { createMergeStore, type MergeTables } from './merge-table';

/** What `merge` is handed: its own table. */
export interface MergeServices {
  db: Kysely<MergeTables>;
}
import { actedOnComment, actedOnTicket } from '../../commands/acted';
import { confirm, errorReply, needTicket, privately, tr } from '../../commands/respond';
import type { CommandContext, CommandInput, Reply } from '../../commands/types';
import { isDone, reopenStatus, VERBS } from '../../core';
import type { Comment, Ticket } from '../../helpdesk/types';
import { LOCALES, translator } from '../../i18n';

const USAGE = 'merge <id> into <id>';

/**
 * The ticket to merge into: `into 12` typed, `into: '12'` on a button. A card posted by an earlier
 * release carries `text: 'into 12'`, which reaches the handler as the input's text (a card's
 * `text` is never one of its values), so that card's button still works.
 */
function targetOf(input: CommandInput): number | undefined {
  const raw = (input.values?.into ?? input.text ?? '').trim();
  const m = /^(?:into\s+)?#?(\d{1,9})$/i.exec(raw);
  return m ? Number(m[1]) : undefined;
}

/** A line as any catalog language writes it, so a retry finds what an earlier try wrote in another language. */
const inAnyLanguage = (key: string, vars: Record<string, unknown>) => LOCALES.map((l) => translator(l)(key, vars));

const mergedInto = (comments: readonly Comment[], target: number) => {
  const lines = inAnyLanguage('duplicates:mergedInto', { id: target });
  return comments.some((c) => !c.isInternal && lines.includes(c.body.trim()));
};

/** Who asked, as the note on the target names them: "Name (address)", the address alone when no name is known. */
const askerOf = (d: Ticket) => (d.submittedByName && d.submittedByName !== d.submittedByEmail ? `${d.submittedByName} (${d.submittedByEmail})` : d.submittedByEmail || d.submittedByName);

/**
 * The first line of the note a merge leaves on the target ("Asked by Name (address) in #34:"), and
 * the line earlier releases wrote ("Merged from #34, asked by Name:"), so a retry across an upgrade
 * finds either and writes nothing twice.
 */
const fromLines = (d: Ticket) => [
  ...inAnyLanguage('duplicates:askedBy', { id: d.id, requester: askerOf(d) }),
  ...inAnyLanguage('duplicates:mergedFrom', { id: d.id, requester: d.submittedByName || d.submittedByEmail }),
];

/** Whether the target has the note: its first line is one of fromLines, whatever follows (one line break or a blank line, as earlier releases wrote). */
const mergedFrom = (comments: readonly Comment[], d: Ticket) => {
  const lines = fromLines(d);
  return comments.some((c) => c.isInternal && lines.includes(c.body.split('\n')[0].trim()));
};

interface Pair {
  duplicate: { ticket: Ticket; comments: Comment[] };
  target: { ticket: Ticket; comments: Comment[] };
}

/** Both tickets as this agent may see them, or why the merge is refused. */
async function pairFor(ctx: CommandContext, input: CommandInput, services: MergeServices): Promise<Pair | Reply> {
  const t = tr(ctx);
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply(t('duplicates:agentsOnly'));
  const id = needTicket(ctx, input, USAGE);
  if (typeof id !== 'number') return id;
  const into = targetOf(input);
  if (into === undefined) return errorReply(t('duplicates:badInto'), USAGE);
  if (into === id) return errorReply(t('duplicates:itself'));
  // Read as the agent: a ticket they may not see is refused by the service like a missing one.
  const [duplicate, target] = await Promise.all([ctx.helpdesk.getTicketWithComments(ctx.actor, id), ctx.helpdesk.getTicketWithComments(ctx.actor, into)]);
  const vocabulary = ctx.helpdesk.vocabulary;
  if (isDone(vocabulary, target.ticket.status)) {
    // A target that went into another ticket (the one being merged, as often as not): said as such, not "reopen it first".
    const went = await createMergeStore(services.db).mergedInto(into);
    if (went === id) return confirm(t('duplicates:intoMerged', { id: into, target: went }));
    if (went !== undefined) return errorReply(`${t('duplicates:intoMerged', { id: into, target: went })} ${t('duplicates:mergeThere', { duplicate: id, target: went })}`);
    const reopen = { verb: VERBS.status, title: t('duplicates:reopen', { id: into }), ticketId: into, etag: target.ticket.etag, data: { status: reopenStatus(vocabulary, target.ticket.assignedTo !== '') } };
    return privately({ type: 'confirmation', confirmation: { message: t('duplicates:intoResolved', { id: into, duplicate: id }), actions: [reopen] } });
  }
  if (isDone(vocabulary, duplicate.ticket.status) && !mergedInto(duplicate.comments, into)) return errorReply(t('duplicates:duplicateResolved', { id }));
  return { duplicate, target };
}

const spacesOf = (ctx: CommandContext, p: Pair) => {
  const none = tr(ctx)('duplicates:noSpace');
  return { from: p.duplicate.ticket.spaceId ?? none, to: p.target.ticket.spaceId ?? none, differ: (p.duplicate.ticket.spaceId ?? '') !== (p.target.ticket.spaceId ?? '') };
};

/** Asks first: what the merge will do, and the button that does it. */
const ask: FeatureHandler<MergeServices> = async (ctx, input, _commands, services) => {
  const pair = await pairFor(ctx, input, services);
  if (!('duplicate' in pair)) return pair;
  const t = tr(ctx);
  const { ticket: d } = pair.duplicate;
  const { ticket: g } = pair.target;
  const spaces = spacesOf(ctx, pair);
  const message = [t('duplicates:ask', { duplicate: d.id, duplicateTitle: d.title, target: g.id, targetTitle: g.title }), ...(spaces.differ ? [t('duplicates:askSpaces', spaces)] : [])].join('\n');
  const go = { verb: VERBS.merge, title: t('duplicates:confirm', { id: g.id }), style: 'destructive' as const, ticketId: d.id, data: { into: String(g.id) } };
  return privately({ type: 'confirmation', confirmation: { message, actions: [go] } }, d.id);
};

/** Merges: the note on the target first, the resolution last; each only when not already there. */
const merge: FeatureHandler<MergeServices> = async (ctx, input, _commands, services) => {
  const pair = await pairFor(ctx, input, services);
  if (!('duplicate' in pair)) return pair;
  const t = tr(ctx);
  const { ticket: d, comments: dc } = pair.duplicate;
  const { ticket: g, comments: gc } = pair.target;
  const had = mergedFrom(gc, d) && mergedInto(dc, g.id);
  // Each write is recorded as this agent's (src/commands/acted.ts), so nobody is told about their own merge.
  if (!mergedFrom(gc, d)) {
    // Internal: it names the duplicate's requester, whom #12's own requester must not read about.
    // Paragraphs, not lines: Teams reads a single line break as a space ("…from home Home office:").
    const body = [t('duplicates:askedBy', { id: d.id, requester: askerOf(d) }), d.title, d.description.trim()].filter(Boolean).join('\n\n');
    await actedOnComment(ctx, await ctx.helpdesk.addComment(ctx.actor, g.id, body, { internal: true }), g);
  }
  // Recorded before the resolution, so the poll that sees it tells the requester of a merge, not a resolution.
  await createMergeStore(services.db).record(d.id, g.id, d.submittedByEmail, ctx.actor.email, new Date().toISOString());
  if (!mergedInto(dc, g.id)) {
    const resolved = await ctx.helpdesk.resolve(ctx.actor, d.id, t('duplicates:mergedInto', { id: g.id }));
    if (resolved.outcome !== 'unchanged') await actedOnTicket(ctx, resolved.ticket, resolved.note);
  }
  const spaces = spacesOf(ctx, pair);
  if (had) return confirm(t('duplicates:already', { duplicate: d.id, target: g.id }));
  return confirm(t(spaces.differ ? 'duplicates:doneSpaces' : 'duplicates:done', { duplicate: d.id, target: g.id, ...spaces }));
};

/** `merge <id> into <id>`. */
export const mergeCommand: FeatureCommand<MergeServices> = {
  name: 'merge',
  usage: USAGE,
  description: 'duplicates:describe',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id text', key: 'into', what: 'duplicates:intoWhat' },
  verb: VERBS.mergeAsk,
  handles: { [VERBS.mergeAsk]: ask, [VERBS.merge]: merge },
  once: [VERBS.merge],
  writes: true,
  inThread: true,
  answers: 'confirmation',
  examples: [
    { name: 'merge ask', typed: 'merge {id} into 1', ticket: 'open', values: { into: 'into 1' } },
    // `note`: what the matrix finds on the duplicate afterwards (the handler writes it; the button sends only `into`).
    { name: 'merge', verb: VERBS.merge, ticket: 'open', values: { into: '1', note: 'Merged into #1' }, effect: 'resolved' },
  ],
  helpGroup: 'work',
};
