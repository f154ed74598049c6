/** `asset <tag or serial>`: look up one asset (agents; the service enforces it). Private. */
import { assetListView } from '../views/asset-view';
import { errorReply, privately } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Finds an asset by tag or serial number. */
const asset: Handler = async (ctx, input) => {
  const wanted = (input.values?.tag ?? '').trim();
  if (!wanted) return errorReply('Which asset? Give its tag or serial number.', assetCommand.usage);
  const found = await ctx.helpdesk.findAsset(ctx.actor, wanted);
  if (!found) return errorReply(`No asset has the tag or serial number “${wanted}”.`, assetCommand.usage);
  return privately({ type: 'asset-list', list: assetListView(`Asset ${found.assetTag || wanted}`, [found], '') });
};

/** `asset <tag or serial>`. */
export const assetCommand: CommandDeclaration = {
  name: 'asset',
  usage: 'asset <tag or serial>',
  description: 'Look up an asset',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'tag', required: 'Which asset? Give its tag or serial number.' },
  verb: VERBS.asset,
  handles: { [VERBS.asset]: asset },
};
