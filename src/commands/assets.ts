/** `assets`: the assets I hold. Private. */
import { assetListView } from '../views/asset-view';
import { peopleNames } from './people';
import { privately, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

/** Lists assets whose holder is me. */
const assets: Handler = async (ctx) => {
  const mine = await ctx.helpdesk.listAssets(ctx.actor, { holder: ctx.actor.email });
  const t = tr(ctx);
  const list = assetListView(t('commands:asset.mine'), mine, t('commands:asset.mineEmpty'), ctx.locale, await peopleNames(ctx));
  return privately({ type: 'asset-list', list });
};

/** `assets`. */
export const assetsCommand: CommandDeclaration = {
  name: 'assets',
  usage: 'assets',
  description: 'commands:describe.assets',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  args: { kind: 'none' },
  verb: VERBS.assets,
  handles: { [VERBS.assets]: assets },
  answers: 'asset-list',
  examples: [{ typed: 'assets' }],
  helpGroup: 'yours',
};
