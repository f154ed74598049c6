/**
 * Column definitions and SharePoint's list view threshold: on a list over 5,000 items, $filter and
 * $orderby may only reference indexed columns (HTTP 400 invalidRequest otherwise, with or without
 * `Prefer: HonorNonIndexedQueriesWarningMayFailRandomly`). GET .../columns serves Graph's
 * columnDefinition shape so a client can check its indexes.
 */
import type { ListTable } from './lists';

/** SharePoint's list view threshold: lists with more items than this refuse queries on non-indexed columns. */
export const LIST_VIEW_THRESHOLD = 5000;

type Kind = { text: Record<string, never> } | { choice: { choices: string[] } } | { number: Record<string, never> } | { boolean: Record<string, never> } | { dateTime: Record<string, never> };

const text = { text: {} };
const choice = (...choices: string[]) => ({ choice: { choices } });
const KINDS: Record<string, Kind> = {
  SD_Priority: choice('Low', 'Normal', 'High', 'Urgent'),
  SD_Status: choice('New', 'Assigned', 'In Progress', 'Waiting', 'Resolved', 'Closed'),
  SD_TicketId: { number: {} },
  SD_IsInternal: { boolean: {} },
  SD_IsActive: { boolean: {} },
  SD_PurchaseDate: { dateTime: {} },
  SD_WarrantyExpires: { dateTime: {} },
  ID: { number: {} },
  Created: { dateTime: {} },
  Modified: { dateTime: {} },
};
// Asset statuses are not in the spec, so the asset list's SD_Status stays a text column.
const ASSET_KINDS: Record<string, Kind> = { SD_Status: text };

/**
 * What the seeded site indexes. The spec does not say what the product's setup indexes, so the
 * demo site indexes every column a help-desk client filters or orders on (the spec's filter forms
 * plus the requester, category and asset look-ups), like a well-kept tenant. Tests unindex one
 * with `EmulatorOptions.unindexed` to see the refusal and the doctor's advice.
 */
export const DEFAULT_INDEXES: Record<string, readonly string[]> = {
  SD_Tickets: ['ID', 'Modified', 'Created', 'SD_Status', 'SD_Priority', 'SD_AssignedTo', 'SD_SubmittedByEmail', 'SD_SpaceId', 'SD_Category'],
  SD_Comments: ['ID', 'Created', 'Modified', 'SD_TicketId'],
  SD_Agents: ['ID', 'SD_IsActive'],
  SD_Assets: ['ID', 'SD_Status', 'SD_AssignedTo', 'SD_AssetTag', 'SD_SerialNumber'],
};

const SYSTEM = ['ID', 'Created', 'Modified'];
const READ_ONLY = new Set(SYSTEM);

/** Graph's columnDefinition for each column of the list: the list's own, then ID, Created and Modified. */
export function columnDefinitions(table: ListTable): Record<string, unknown>[] {
  return [...table.columns, ...SYSTEM.filter((c) => !table.columns.has(c))].map((name) => ({
    // Graph's column ids are GUIDs; a stable name-derived id is enough for a client to tell columns apart.
    id: `${table.name}:${name}`,
    name,
    displayName: name === 'Title' ? 'Title' : name.replace(/^SD_/, '').replace(/([a-z])([A-Z])/g, '$1 $2'),
    columnGroup: name.startsWith('SD_') ? 'Help desk' : 'Custom Columns',
    enforceUniqueValues: false,
    hidden: false,
    indexed: table.indexed.has(name),
    readOnly: READ_ONLY.has(name),
    required: name === 'Title',
    ...((table.name === 'SD_Assets' ? ASSET_KINDS[name] : undefined) ?? KINDS[name] ?? text),
  }));
}

/** Field names a `$filter` or `$orderby` references (`fields/X`). */
export function referencedColumns(filter: string, orderby: string): string[] {
  const names = new Set<string>();
  // Quoted literals are dropped first so a value like 'fields/x' is not taken for a field.
  for (const m of `${filter.replace(/'(?:[^']|'')*'/g, "''")} ${orderby}`.matchAll(/\bfields\/([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]);
  return [...names];
}

/** SharePoint's refusal for a query on a non-indexed column of a large list, or undefined when the query may run. */
export function thresholdRefusal(table: ListTable, filter: string, orderby: string, honorNonIndexed: boolean): string | undefined {
  if (table.items.size <= LIST_VIEW_THRESHOLD) return undefined;
  const field = referencedColumns(filter, orderby).find((c) => !table.indexed.has(c === 'id' ? 'ID' : c));
  if (!field) return undefined;
  const base =
    `Field '${field}' cannot be referenced in filter or orderby as it is not indexed. ` +
    "Provide the 'Prefer: HonorNonIndexedQueriesWarningMayFailRandomly' header to allow this, but be warned that such queries may fail on large lists.";
  // The header is only a hint: on a list past the threshold SharePoint still refuses the scan.
  return honorNonIndexed
    ? `${base} The attempted operation is prohibited because it exceeds the list view threshold (${LIST_VIEW_THRESHOLD} items).`
    : base;
}
