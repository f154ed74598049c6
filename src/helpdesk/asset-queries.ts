/** Assets: requesters see what they hold; agents search and register assets. */
import { errorOf, say } from './error-messages';
import { f, type Filter } from '../graph/odata';
import { requireAgent } from './access';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { ASSET, assetFields, toAsset } from './fields';
import { LIMITS, type Actor, type Asset, type AssetQuery, type NewAsset } from './types';
import { sameAddress, text } from './validate';

/** Lists assets by holder, status and tag; requesters only their own. */
export async function listAssets(ctx: ServiceContext, actor: Actor, q: AssetQuery): Promise<Asset[]> {
  const agent = await ctx.agents.isAgent(actor.email);
  let holder = q.holder?.trim() || undefined;
  if (!agent) {
    if (holder && !sameAddress(holder, actor.email)) throw errorOf('forbidden', say('ownAssetsOnly'));
    holder = actor.email.trim();
  }
  const parts: Filter[] = [];
  if (holder) parts.push(f.eq(ASSET.assignedTo, holder));
  if (q.status?.trim()) parts.push(f.eq(ASSET.status, q.status.trim()));
  if (q.tag?.trim()) parts.push(f.eq(ASSET.assetTag, q.tag.trim()));
  return guarded('The asset list', ctx.logger, async () => {
    const out: Asset[] = [];
    for await (const item of ctx.graph.listAll('SD_Assets', { filter: parts.length ? f.and(...parts) : undefined, top: 500 })) {
      const a = toAsset(item);
      if (agent || sameAddress(a.assignedTo, actor.email)) out.push(a);
    }
    return out;
  });
}

/** Finds one asset by tag or serial number (agents only). */
export async function findAsset(ctx: ServiceContext, actor: Actor, tagOrSerial: string): Promise<Asset | undefined> {
  await requireAgent(ctx, actor, 'lookUpAssets');
  const wanted = text('tag', tagOrSerial, { required: true, max: LIMITS.title }) as string;
  const filter = f.or(f.eq(ASSET.assetTag, wanted), f.eq(ASSET.serialNumber, wanted));
  return guarded(`Asset ${wanted}`, ctx.logger, async () => {
    const page = await ctx.graph.listPage('SD_Assets', { filter, top: 5 });
    return page.items.length ? toAsset(page.items[0]) : undefined;
  });
}

/** Registers an asset (agents only); name and tag are required. */
export async function createAsset(ctx: ServiceContext, actor: Actor, asset: NewAsset): Promise<Asset> {
  await requireAgent(ctx, actor, 'registerAssets');
  const title = text('title', asset.title, { required: true, max: LIMITS.title }) as string;
  const assetTag = text('assetTag', asset.assetTag, { required: true, max: LIMITS.title }) as string;
  for (const key of ['type', 'status', 'assignedTo', 'serialNumber', 'manufacturer', 'model'] as const) {
    text(key, asset[key], { max: LIMITS.title });
  }
  for (const key of ['purchaseDate', 'warrantyExpires'] as const) {
    const v = asset[key];
    if (v !== undefined && v !== '' && Number.isNaN(Date.parse(v))) {
      throw errorOf('invalid', say(key === 'purchaseDate' ? 'notADate.purchaseDate' : 'notADate.warrantyEnd', { value: v }), { field: key });
    }
  }
  const fields = assetFields({ ...asset, title, assetTag });
  return guarded(`Asset ${assetTag}`, ctx.logger, async () => toAsset(await ctx.graph.createItem('SD_Assets', fields)));
}
