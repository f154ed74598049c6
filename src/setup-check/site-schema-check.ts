/**
 * Ticket schema check: reads SD_Tickets' columns as the bot does and tells where priorities,
 * categories and statuses come from (the site's choice column or the setting), which setting a
 * choice column overrides and disagrees with (to delete), which extra columns forms and cards
 * show, values tickets hold that are no longer choices or no longer fit their column's type, and
 * column types the bot cannot write.
 */
import type { HelpdeskSettings } from '../config';
import { sameText } from '../core/vocabulary';
import type { GraphClient, ListItem } from '../graph/types';
import { knownTypeProblem, schemaFrom, settingConflicts, VALUE_FIELDS, columnType, type TicketSchema } from '../helpdesk/ticket-schema';

/** Where the doctor's lines go. */
export interface SchemaSay {
  pass(line: string): void;
  fail(line: string): void;
  say(line: string): void;
}

/** Reads the columns and reports the schema the bot will use; `tickets` are the doctor's sampled tickets. */
export async function reportSiteSchema(client: GraphClient, settings: HelpdeskSettings, tickets: readonly ListItem[], out: SchemaSay, describe: (err: unknown) => string): Promise<void> {
  let columns: Record<string, unknown>[];
  try {
    columns = await client.listColumns('SD_Tickets');
  } catch (err) {
    out.fail(`ticket schema: could not read SD_Tickets' columns, so forms use the settings only: ${describe(err)}`);
    return;
  }
  const schema = schemaFrom(columns, settings, new Date());
  out.pass(`ticket schema: ${sources(schema)}; required: ${required(schema)}; extra fields on forms and cards: ${extras(schema)}`);
  for (const line of knownTypeProblem(columns)) out.fail(`ticket schema: ${line}`);
  for (const c of settingConflicts(schema, settings)) out.fail(`ticket schema: ${c.line}`);
  for (const line of heldValues(schema, tickets)) out.say(`ℹ ticket schema: ${line}`);
  for (const line of misfitValues(schema, tickets)) out.say(`ℹ ticket schema: ${line}`);
  for (const line of unfillable(columns, schema, settings)) out.fail(`ticket schema: ${line}`);
  for (const line of roleGaps(schema, settings)) out.fail(`ticket schema: ${line}`);
}

/** Open statuses and high priorities the site's choices do not have: queues and alerts would never match them. */
function roleGaps(schema: TicketSchema, settings: HelpdeskSettings): string[] {
  const out: string[] = [];
  const check = (setting: string, named: readonly string[], field: 'status' | 'priority') => {
    const f = schema.fields[field];
    if (f.source !== 'site') return;
    for (const value of named.filter((n) => !(f.values ?? []).some((v) => sameText(v, n)))) {
      out.push(`${setting} names "${value}", which is not among the choices of the site's ${f.column} column (${(f.values ?? []).join(', ')}) — change ${setting} to the site's values`);
    }
  };
  check('HELPDESK_OPEN_STATUSES', settings.openStatuses, 'status');
  check('HELPDESK_HIGH_PRIORITIES', settings.highPriorities, 'priority');
  return out;
}

function sources(schema: TicketSchema): string {
  return VALUE_FIELDS.map((v) => {
    const f = schema.fields[v.field];
    return f.source === 'site'
      ? `${v.field} from the site's ${v.column} choices (${(f.values ?? []).join(', ')})`
      : `${v.field} from ${v.setting} (${(f.values ?? []).join(', ')}; ${v.column} has no choices)`;
  }).join('; ');
}

function required(schema: TicketSchema): string {
  const known = Object.values(schema.fields).filter((f) => f.required).map((f) => f.column);
  return [...known, ...schema.extra.filter((c) => c.required).map((c) => c.name)].join(', ');
}

function extras(schema: TicketSchema): string {
  if (!schema.extra.length) return 'none';
  return schema.extra.map((c) => `${c.name} ("${c.label}", ${c.type}${c.required ? ', required' : ''})`).join(', ');
}

/** Values sampled tickets hold that their choice column no longer offers: shown as they are, not offered. */
function heldValues(schema: TicketSchema, tickets: readonly ListItem[]): string[] {
  const out: string[] = [];
  const choiceColumns = [
    ...VALUE_FIELDS.filter((v) => schema.fields[v.field].source === 'site').map((v) => ({ column: v.column, values: schema.fields[v.field].values ?? [] })),
    ...schema.extra.filter((c) => c.type === 'choice').map((c) => ({ column: c.name, values: c.choices ?? [] })),
  ];
  for (const { column, values } of choiceColumns) {
    const held = new Map<string, number>();
    for (const t of tickets) {
      const v = t.fields[column];
      if (typeof v === 'string' && v !== '' && !values.some((x) => sameText(x, v))) held.set(v, (held.get(v) ?? 0) + 1);
    }
    for (const [value, n] of held) {
      out.push(`${n} of the ${tickets.length} sampled tickets hold "${value}" in ${column}, which is not among its choices: the bot shows it on those tickets but does not offer it`);
    }
  }
  return out;
}

/** Whether a stored value fits an extra column's type as the list stores it. */
function fits(type: string, v: unknown): boolean {
  if (type === 'number') return typeof v === 'number';
  if (type === 'boolean') return typeof v === 'boolean';
  if (type === 'dateTime') return typeof v === 'string' && !Number.isNaN(Date.parse(v));
  return typeof v === 'string';
}

/** Values sampled tickets hold that their extra column's type (changed since) no longer fits: shown as they are, never refused. */
function misfitValues(schema: TicketSchema, tickets: readonly ListItem[]): string[] {
  const out: string[] = [];
  for (const c of schema.extra) {
    const odd = tickets.map((t) => t.fields[c.name]).filter((v) => v !== undefined && v !== null && v !== '' && !fits(c.type, v));
    if (!odd.length) continue;
    out.push(`${odd.length} of the ${tickets.length} sampled tickets hold a value in ${c.name} that is not a ${c.type} (e.g. ${JSON.stringify(odd[0])}), since its type changed: ` +
      'the bot shows it as it is and an edit form sends it back unchanged; a new value must be a ' + c.type);
  }
  return out;
}

/** Required columns the bot's forms cannot fill: excluded, hidden, read-only or of a type a form does not take. */
function unfillable(columns: readonly Record<string, unknown>[], schema: TicketSchema, settings: HelpdeskSettings): string[] {
  const fillable = new Set([...Object.values(schema.fields).map((f) => f.column), ...schema.extra.map((c) => c.name), 'SD_SubmittedBy', 'SD_SubmittedByName', 'SD_SubmittedByEmail', 'SD_AssignedTo', 'SD_SpaceId']);
  const out: string[] = [];
  for (const c of columns) {
    const name = typeof c.name === 'string' ? c.name : '';
    if (c.required !== true || fillable.has(name) || c.readOnly === true) continue;
    const why = settings.formExclude?.includes(name) ? 'HELPDESK_FORM_EXCLUDE leaves it out' : c.hidden === true ? 'it is hidden' : !columnType(c) ? 'its type is not one a chat form fills' : 'it is a SharePoint column';
    out.push(`${name} is required, but the bot cannot fill it (${why}): tickets filed in chat leave it empty — make it optional${why.startsWith('HELPDESK') ? ' or remove it from HELPDESK_FORM_EXCLUDE' : ''}`);
  }
  return out;
}
