/**
 * Column definitions and SharePoint's list view threshold: on a list over 5,000 items, $filter and
 * $orderby may only reference indexed columns (HTTP 400 invalidRequest otherwise, with or without
 * `Prefer: HonorNonIndexedQueriesWarningMayFailRandomly`). GET .../columns serves Graph's
 * columnDefinition shape so a client can check its indexes.
 */
import type { ListTable } from './lists';

/** SharePoint's list view threshold: lists with more items than this refuse queries on non-indexed columns. */
export const LIST_VIEW_THRESHOLD = 5000;

/** The column types a site owner can give a help-desk column (Graph's facets; `note` is multi-line text). */
export type ColumnType = 'text' | 'note' | 'choice' | 'number' | 'boolean' | 'dateTime';

/** A column as list settings › Create column / Edit column define it. */
export interface ColumnSpec {
  type: ColumnType;
  /** The values of a choice column, in the order its dropdown shows them. */
  choices?: string[];
  required?: boolean;
  hidden?: boolean;
  readOnly?: boolean;
  displayName?: string;
}

const choice = (...choices: string[]): ColumnSpec => ({ type: 'choice', choices });
const KINDS: Record<string, ColumnSpec> = {
  SD_Description: { type: 'note' },
  SD_Priority: choice('Low', 'Normal', 'High', 'Urgent'),
  SD_Status: choice('New', 'Assigned', 'In Progress', 'Waiting', 'Resolved', 'Closed'),
  // The demo site's own column beyond the help desk's: the bot learns it from /columns.
  SD_Location: choice('HQ', 'Branch office', 'Remote'),
  SD_TicketId: { type: 'number' },
  SD_IsInternal: { type: 'boolean' },
  SD_IsActive: { type: 'boolean' },
  SD_PurchaseDate: { type: 'dateTime' },
  SD_WarrantyExpires: { type: 'dateTime' },
  ID: { type: 'number', readOnly: true },
  Created: { type: 'dateTime', readOnly: true },
  Modified: { type: 'dateTime', readOnly: true },
  Title: { type: 'text', required: true },
};
// Asset statuses are not in the spec, so the asset list's SD_Status stays a text column.
const ASSET_KINDS: Record<string, ColumnSpec> = { SD_Status: { type: 'text' }, SD_Description: { type: 'text' } };

/** The column's definition: a test's or the site owner's change, else the help-desk site's default. */
export function specOf(table: ListTable, name: string): ColumnSpec {
  return table.specs.get(name) ?? (table.name === 'SD_Assets' ? ASSET_KINDS[name] : undefined) ?? KINDS[name] ?? { type: 'text' };
}

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
/** Columns every SharePoint list has besides its own, as /columns lists them (none is a form field). */
const BUILT_IN: Record<string, unknown>[] = [
  { name: 'ContentType', displayName: 'Content Type', columnGroup: '_Hidden', hidden: false, readOnly: false, required: false, text: {} },
  { name: 'Attachments', displayName: 'Attachments', columnGroup: '_Hidden', hidden: false, readOnly: false, required: false, boolean: {} },
  { name: 'Author', displayName: 'Created By', columnGroup: '_Hidden', hidden: false, readOnly: true, required: false, personOrGroup: { allowMultipleSelection: false, displayAs: 'nameWithPresence', chooseFromType: 'peopleOnly' } },
  { name: 'Editor', displayName: 'Modified By', columnGroup: '_Hidden', hidden: false, readOnly: true, required: false, personOrGroup: { allowMultipleSelection: false, displayAs: 'nameWithPresence', chooseFromType: 'peopleOnly' } },
  { name: '_UIVersionString', displayName: 'Version', columnGroup: '_Hidden', hidden: false, readOnly: true, required: false, text: {} },
  { name: '_ComplianceFlags', displayName: 'Label setting', columnGroup: '_Hidden', hidden: true, readOnly: true, required: false, text: {} },
];

/** Graph's type facet for a column type, as SharePoint serves it. */
function facet(spec: ColumnSpec): Record<string, unknown> {
  switch (spec.type) {
    case 'note': return { text: { allowMultipleLines: true, appendChangesToExistingText: false, linesForEditing: 6, maxLength: 0 } };
    case 'choice': return { choice: { allowTextEntry: false, choices: [...(spec.choices ?? [])], displayAs: 'dropDownMenu' } };
    case 'number': return { number: { decimalPlaces: 'automatic', displayAs: 'number' } };
    case 'boolean': return { boolean: {} };
    case 'dateTime': return { dateTime: { displayAs: 'default', format: 'dateTime' } };
    default: return { text: { allowMultipleLines: false, appendChangesToExistingText: false, linesForEditing: 0, maxLength: 255 } };
  }
}

/** Graph's columnDefinition for each column of the list: the list's own, then ID, Created and Modified, then SharePoint's built-in ones. */
export function columnDefinitions(table: ListTable): Record<string, unknown>[] {
  const own = [...table.columns, ...SYSTEM.filter((c) => !table.columns.has(c))].map((name) => {
    const spec = specOf(table, name);
    return {
      // Graph's column ids are GUIDs; a stable name-derived id is enough for a client to tell columns apart.
      id: `${table.name}:${name}`,
      name,
      displayName: spec.displayName ?? (name === 'Title' ? 'Title' : name.replace(/^SD_/, '').replace(/([a-z])([A-Z])/g, '$1 $2')),
      columnGroup: name.startsWith('SD_') ? 'Help desk' : 'Custom Columns',
      enforceUniqueValues: false,
      hidden: spec.hidden ?? false,
      indexed: table.indexed.has(name),
      readOnly: spec.readOnly ?? false,
      required: spec.required ?? false,
      ...facet(spec),
    };
  });
  const builtIn = BUILT_IN.map((c) => ({ id: `${table.name}:${String(c.name)}`, enforceUniqueValues: false, indexed: false, ...c }));
  return [...own, ...builtIn];
}

/**
 * Why SharePoint refuses `value` for a column of this type, or undefined when it takes it. A choice
 * column takes any text through the API (its choices bind forms only); numbers, yes/no and dates
 * must be what they say.
 */
export function valueRefusal(table: ListTable, name: string, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const spec = specOf(table, name);
  const bad = `Invalid value '${typeof value === 'object' ? JSON.stringify(value) : String(value)}' for field '${name}'`;
  switch (spec.type) {
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) ? undefined : `${bad}: a number is expected.`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${bad}: true or false is expected.`;
    case 'dateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? undefined : `${bad}: a date and time (ISO 8601) is expected.`;
    default:
      return typeof value === 'object' ? `${bad}: text is expected.` : undefined;
  }
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
