/** `assets`: the assets I hold. Private. */
import { assetListView } from '../views/asset-view';
import { privately } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Lists assets whose holder is me. */
const assets: Handler = async (ctx) => {
  const mine = await ctx.helpdesk.listAssets(ctx.actor, { holder: ctx.actor.email });
  const list = assetListView('My assets', mine, 'No assets are registered to you. If that looks wrong, type `new` to tell the help desk.');
  return privately({ type: 'asset-list', list });
};

/** `assets`. */
export const assetsCommand: CommandDeclaration = {
  name: 'assets',
  usage: 'assets',
  description: 'The assets I hold',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  args: { kind: 'none' },
  verb: VERBS.assets,
  handles: { [VERBS.assets]: assets },
};
