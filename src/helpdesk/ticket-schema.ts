/**
 * The ticket schema the site publishes (GET .../lists/SD_Tickets/columns, Graph's
 * columnDefinition): the values, required flags and labels of the fields the bot knows, and the
 * extra columns a site owner added. Pure functions; src/helpdesk/site-columns.ts reads and caches.
 */
import { sameText, type SiteColumn } from '../core/vocabulary';
import { TICKET } from './fields';
import type { Vocabulary } from './types';

/** A ticket field the bot knows, as the site defines it. */
export interface KnownField {
  /** The list column's internal name. */
  column: string;
  /** The site's display name; undefined until the columns were read (the catalogs label it then). */
  label?: string;
  required: boolean;
  /** Allowed values (priority, category, status): the site's choices, or the setting where it has no choice column. */
  values?: readonly string[];
  /** Where `values` come from. */
  source?: 'site' | 'settings';
}

/** The types an extra column can have on a form (`note` is multi-line text). */
export type ExtraColumnType = SiteColumn['type'];

/** A column the site has beyond those the bot knows: an optional form field and a line on the agent's card. */
export type ExtraColumn = SiteColumn;

/** What a ticket form may hold on this site. */
export interface TicketSchema {
  fields: Record<'title' | 'description' | 'priority' | 'category' | 'status', KnownField>;
  extra: readonly ExtraColumn[];
  /** When the site's columns were last read (ISO); undefined = never read, the settings only. */
  readAt?: string;
  /** True when SD_Tickets has SD_SpaceId (product 1.5+); set once the columns were read. */
  spaces?: boolean;
}

/** The settings the schema falls back on and filters with. */
export interface SchemaSettings extends Pick<Vocabulary, 'priorities' | 'categories' | 'statuses'> {
  formExclude?: readonly string[];
  listsSet?: readonly string[];
}

type ColumnDefinition = Record<string, unknown>;

/** The value fields and the setting each falls back on. */
export const VALUE_FIELDS = [
  { field: 'priority', column: TICKET.priority, setting: 'HELPDESK_PRIORITIES', from: 'priorities' },
  { field: 'category', column: TICKET.category, setting: 'HELPDESK_CATEGORIES', from: 'categories' },
  { field: 'status', column: TICKET.status, setting: 'HELPDESK_STATUSES', from: 'statuses' },
] as const;

// Columns every SharePoint list has, and the computed ones it adds; none is a form field.
const BUILT_IN = new Set(['ID', 'Created', 'Modified', 'Author', 'Editor', 'ContentType', 'Attachments', 'LinkTitle', 'LinkTitleNoMenu', 'Edit', 'DocIcon',
  'ItemChildCount', 'FolderChildCount', 'AppAuthor', 'AppEditor', 'ComplianceAssetId', 'SelectTitle', 'ContentTypeId', 'FileLeafRef', 'FileRef']);
const KNOWN = new Set<string>(Object.values(TICKET));

/** The column's type as a form sees it, or undefined for types a form does not fill (people, lookups, calculated…). */
export function columnType(c: ColumnDefinition): ExtraColumnType | undefined {
  if (isObject(c.choice)) return 'choice';
  if (isObject(c.text)) return c.text.allowMultipleLines === true ? 'note' : 'text';
  if (isObject(c.number)) return 'number';
  if (isObject(c.boolean)) return 'boolean';
  if (isObject(c.dateTime)) return 'dateTime';
  return undefined;
}

/** The facet's name as Graph sends it (`personOrGroup`, `calculated`…), for lines about a type. */
export function facetName(c: ColumnDefinition | undefined): string {
  if (!c) return 'missing';
  const t = columnType(c);
  if (t) return t;
  return ['personOrGroup', 'lookup', 'calculated', 'currency', 'hyperlinkOrPicture', 'term', 'geolocation', 'thumbnail'].find((k) => isObject(c[k])) ?? 'unknown';
}

/** A choice column's values; undefined for any other column. */
export function choicesOf(c: ColumnDefinition | undefined): string[] | undefined {
  const choices = c && isObject(c.choice) ? c.choice.choices : undefined;
  return Array.isArray(choices) ? choices.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : undefined;
}

/** True for a column that is never a form field: hidden, read-only, or SharePoint's own. */
function isSystem(c: ColumnDefinition, name: string): boolean {
  return c.hidden === true || c.readOnly === true || c.columnGroup === '_Hidden' || name.startsWith('_') || BUILT_IN.has(name);
}

/** The schema from the settings alone (before the first read, or where the site cannot be read). */
export function settingsSchema(settings: SchemaSettings): TicketSchema {
  const field = (column: string, values?: readonly string[]): KnownField => ({ column, required: column === TICKET.title, ...(values ? { values, source: 'settings' as const } : {}) });
  return {
    fields: {
      title: field(TICKET.title),
      description: field(TICKET.description),
      priority: field(TICKET.priority, settings.priorities),
      category: field(TICKET.category, settings.categories),
      status: field(TICKET.status, settings.statuses),
    },
    extra: [],
  };
}

/** The schema the site's columns describe; fields without a choice column keep the settings' values. */
export function schemaFrom(columns: readonly ColumnDefinition[], settings: SchemaSettings, readAt: Date): TicketSchema {
  const byName = new Map<string, ColumnDefinition>();
  for (const c of columns) if (typeof c.name === 'string') byName.set(c.name, c);
  const base = settingsSchema(settings);
  const known = (key: keyof TicketSchema['fields']): KnownField => {
    const f = base.fields[key];
    const c = byName.get(f.column);
    if (!c) return f;
    const choices = f.values ? choicesOf(c) : undefined;
    return {
      ...f,
      ...(typeof c.displayName === 'string' && c.displayName.trim() ? { label: c.displayName } : {}),
      required: c.required === true || f.column === TICKET.title,
      ...(choices?.length ? { values: choices, source: 'site' as const } : {}),
    };
  };
  const excluded = new Set(settings.formExclude ?? []);
  const extra: ExtraColumn[] = [];
  for (const [name, c] of byName) {
    if (KNOWN.has(name) || excluded.has(name) || isSystem(c, name)) continue;
    const type = columnType(c);
    if (!type) continue;
    const label = typeof c.displayName === 'string' && c.displayName.trim() ? c.displayName : name;
    const column: ExtraColumn = { name, label, type, required: c.required === true };
    if (type === 'choice') column.choices = choicesOf(c) ?? [];
    extra.push(column);
  }
  return {
    fields: { title: known('title'), description: known('description'), priority: known('priority'), category: known('category'), status: known('status') },
    extra,
    readAt: readAt.toISOString(),
    spaces: byName.has(TICKET.spaceId),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.some((y) => sameText(x, y)));

/** One line per value setting that disagrees with the site's choice column it is overridden by; names the setting to delete. */
export function settingConflicts(schema: TicketSchema, settings: SchemaSettings): { setting: string; line: string }[] {
  const out: { setting: string; line: string }[] = [];
  for (const v of VALUE_FIELDS) {
    const f = schema.fields[v.field];
    const mine = settings[v.from];
    if (f.source !== 'site' || !settings.listsSet?.includes(v.setting) || sameSet(mine, f.values ?? [])) continue;
    out.push({
      setting: v.setting,
      line: `${v.setting} (${mine.join(', ')}) disagrees with the choices of the site's ${v.column} column (${(f.values ?? []).join(', ')}); ` +
        `the site's choices are used, so delete ${v.setting}`,
    });
  }
  return out;
}

/** What changed under the bot between two reads: a choice column that is no longer one, removed values, an extra column's new type. */
export function schemaChanges(before: TicketSchema, after: TicketSchema): string[] {
  const out: string[] = [];
  for (const v of VALUE_FIELDS) {
    const was = before.fields[v.field];
    const now = after.fields[v.field];
    if (was.source !== 'site') continue;
    if (now.source !== 'site') {
      out.push(`${v.column} is no longer a choice column: the bot now uses ${v.setting} (${(now.values ?? []).join(', ')}) for it; tickets keep and show their values`);
      continue;
    }
    const removed = (was.values ?? []).filter((x) => !(now.values ?? []).some((y) => sameText(x, y)));
    if (removed.length) {
      out.push(`${removed.map((r) => `"${r}"`).join(', ')} no longer among the choices of ${v.column}: tickets that hold ${removed.length === 1 ? 'it' : 'them'} still show ${removed.length === 1 ? 'it' : 'them'}, and the bot no longer offers ${removed.length === 1 ? 'it' : 'them'}`);
    }
  }
  const types = new Map(before.extra.map((c) => [c.name, c.type]));
  for (const c of after.extra) {
    const was = types.get(c.name);
    if (was && was !== c.type) out.push(`extra column ${c.name} changed from ${was} to ${c.type}: forms follow the new type; tickets keep and show their values`);
  }
  return out;
}

/** One line per known column whose type would make SharePoint refuse the bot's writes (it writes text to each). */
export function knownTypeProblem(columns: readonly ColumnDefinition[]): string[] {
  const out: string[] = [];
  for (const column of [TICKET.title, TICKET.description, TICKET.priority, TICKET.category, TICKET.status]) {
    const c = columns.find((x) => x.name === column);
    const type = facetName(c);
    if (c && type !== 'text' && type !== 'note' && type !== 'choice') {
      out.push(`${column} is a ${type} column, but the bot writes text to it: SharePoint would refuse those writes — make it a text or choice column again`);
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
