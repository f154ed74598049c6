/**
 * `space [<id>|none]` (agents, channels and group chats; product 1.5+): binds a channel to one space of the help
 * desk. Tickets filed in a bound channel go to that space, `queue` and `search` show its tickets
 * (a button shows every space), and `subscribe` without a filter follows it. The binding is in the
 * store, so every replica sees it at once. Public confirmation when it changes.
 */
import { VERBS } from '../../core';
import { byWhom, confirm, confirmAboutHere, errorReply, tr } from '../../commands/respond';
import { agentOnly } from '../../commands/subscription-filter';
import { plainly } from '../../commands/plainly';
import type { Kysely } from 'kysely';
import type { FeatureCommand, FeatureHandler } from '../types';
import { createSpaceBindings, type SpaceTables } from './space-table';

/** What `space` is handed: its own table of bindings. */
export interface SpaceServices {
  db: Kysely<SpaceTables>;
}

/** Words that remove a channel's binding. */
const NONE_WORDS = new Set(['none', 'off', 'clear', 'remove']);

/** Shows, sets or removes this channel's space. */
const space: FeatureHandler<SpaceServices> = async (ctx, input, _commands, { db }) => {
  const refused = await agentOnly(ctx, 'space');
  if (refused) return refused;
  const t = tr(ctx);
  const c = ctx.conversation;
  const bindings = createSpaceBindings(db);
  // A store that does not answer fails with a plain message, not a generic apology.
  const setSpace = (spaceId: string | undefined) => plainly(() => bindings.set(c.platform, c.id, spaceId, ctx.actor.email));
  const typed = (input.values?.space ?? '').trim();
  const current = (await plainly(() => bindings.get(c.platform, c.id)))?.spaceId;
  if (!typed) {
    if ((await ctx.helpdesk.hasSpaces()) === false) return errorReply(t('spaces:noSpaces'));
    return current ? confirmAboutHere(ctx, 'spaces:current', { space: current }) : confirmAboutHere(ctx, 'spaces:unbound');
  }
  if (NONE_WORDS.has(typed.toLowerCase())) {
    if (!current) return confirm(t('spaces:wasNone'));
    await setSpace(undefined);
    return confirm(t('spaces:removed', { space: current, by: byWhom(ctx) }), 'public');
  }
  const found = await ctx.helpdesk.findSpace(typed);
  switch (found.kind) {
    case 'no-spaces':
      return errorReply(t('spaces:noSpaces'));
    case 'not-served':
      return errorReply(t('spaces:notServed', { typed, served: found.served }), spaceCommand.usage);
    case 'unseen':
      return errorReply(t('spaces:unseen', { typed }), spaceCommand.usage);
  }
  await setSpace(found.spaceId);
  return confirm(t('spaces:bound', { space: found.spaceId, by: byWhom(ctx) }), 'public');
};

/** `space [<id>|none]`. */
export const spaceCommand: FeatureCommand<SpaceServices> = {
  name: 'space',
  usage: 'space [<id>|none]',
  description: 'spaces:describe',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: 'spaces:channelsOnly',
  menus: [],
  args: { kind: 'text', key: 'space' },
  verb: VERBS.space,
  handles: { [VERBS.space]: space },
  writes: true,
  answers: 'confirmation',
  examples: [{ typed: 'space' }, { name: 'space it', typed: 'space it', values: { space: 'it' } }],
  helpGroup: 'channel',
};
