/** `asset <tag or serial>`: look up one asset (agents; the service enforces it). Private. */
import { assetListView } from '../views/asset-view';
import { errorReply, privately } from './respond';
import type { Handler } from './types';

/** Finds an asset by tag or serial number. */
export const asset: Handler = async (ctx, input) => {
  const wanted = (input.values?.tag ?? input.text ?? '').trim();
  if (!wanted) return errorReply('Which asset? Give its tag or serial number.', 'asset');
  const found = await ctx.helpdesk.findAsset(ctx.actor, wanted);
  if (!found) return errorReply(`No asset has the tag or serial number “${wanted}”.`, 'asset');
  return privately({ type: 'asset-list', list: assetListView(`Asset ${found.assetTag || wanted}`, [found], '') });
};
