/** Asset list builder (assets I hold, asset look-up). */
import type { Asset } from '../helpdesk/types';
import { normalizeLocale, translator } from '../i18n';
import { formatDay } from './format';
import { ASSET_LABELS, pickLabels } from './labels';
import { moreTexts } from './list-view';
import { nameFor, type PeopleNames } from './ticket-view';
import type { AssetListView, AssetView } from './types';

/** One asset as shown in chat: its holder by name, warranty as "until 22 Nov 2026" when known. */
export function assetView(asset: Asset, locale?: string, names?: PeopleNames): AssetView {
  return {
    id: asset.id,
    title: asset.title,
    assetTag: asset.assetTag,
    type: asset.type,
    status: asset.status,
    holder: asset.assignedTo,
    holderName: nameFor(names, asset.assignedTo),
    serialNumber: asset.serialNumber,
    manufacturer: asset.manufacturer,
    model: asset.model,
    warrantyText: asset.warrantyExpires ? translator(locale)('views:asset.warrantyUntil', { date: formatDay(asset.warrantyExpires, locale) }) : '',
  };
}

/** A titled list of assets with the text shown when there are none. */
export function assetListView(title: string, assets: readonly Asset[], emptyText: string, locale?: string, names?: PeopleNames): AssetListView {
  return {
    locale: normalizeLocale(locale),
    title,
    assets: assets.map((a) => assetView(a, locale, names)),
    emptyText,
    moreText: moreTexts(assets.length, locale),
    labels: pickLabels(locale, ASSET_LABELS),
  };
}
