/** `asset <tag or serial>`: look up one asset (agents; the service enforces it). Private. */
import { assetListView } from '../views/asset-view';
import { peopleNames } from './people';
import { errorReply, privately, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Finds an asset by tag or serial number. */
const asset: Handler = async (ctx, input) => {
  const wanted = (input.values?.tag ?? '').trim();
  const t = tr(ctx);
  if (!wanted) return errorReply(t('commands:asset.which'), assetCommand.usage);
  const found = await ctx.helpdesk.findAsset(ctx.actor, wanted);
  if (!found) return errorReply(t('commands:asset.none', { wanted }), assetCommand.usage);
  return privately({ type: 'asset-list', list: assetListView(t('commands:asset.title', { tag: found.assetTag || wanted }), [found], '', ctx.locale, await peopleNames(ctx)) });
};

/** `asset <tag or serial>`. */
export const assetCommand: CommandDeclaration = {
  name: 'asset',
  usage: 'asset <tag or serial>',
  description: 'commands:describe.asset',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'tag', required: 'commands:asset.which' },
  verb: VERBS.asset,
  handles: { [VERBS.asset]: asset },
  answers: 'asset-list',
  examples: [{ name: 'asset', typed: 'asset LAP-0035', values: { tag: 'LAP-0035' } }],
  helpGroup: 'work',
};
