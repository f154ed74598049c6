/**
 * The site's ticket schema, read from SD_Tickets' columns: at start, at most once every 10 minutes
 * after that (in the background of the next use, so no command waits for it), and at once, at
 * most once a minute, when a form or command brings a value the bot does not know. A failed read
 * keeps the last good schema (or the settings) and is logged once; nothing here throws.
 */
import { sameText } from '../core/vocabulary';
import type { GraphClient } from '../graph/types';
import type { Logger } from '../log';
import { unknownExtra } from './extra-values';
import { schemaChanges, schemaFrom, settingConflicts, settingsSchema, knownTypeProblem, type SchemaSettings, type TicketSchema } from './ticket-schema';

/** How long a read schema is used before the next use reads it again. */
export const SCHEMA_REFRESH_MS = 10 * 60_000;
/** The shortest time between two reads that an unknown value asks for. */
export const SCHEMA_RETRY_MS = 60_000;

/** The cached schema and the reads that keep it current. */
export interface SiteColumns {
  /** The schema as last read (the settings' until the first read); starts a background read when it is 10 minutes old. */
  current(): TicketSchema;
  /** The schema, read first when it never was; a read under way is waited for. */
  get(): Promise<TicketSchema>;
  /** Reads the columns again, unless a read started less than a minute ago: a value arrived that the schema lacks. */
  refreshForUnknown(): Promise<TicketSchema>;
}

/** Options for createSiteColumns. */
export interface SiteColumnsConfig {
  graph: GraphClient;
  settings: SchemaSettings;
  logger: Logger;
  now: () => Date;
}

/** Creates the schema reader; no request until the first get() or refresh. */
export function createSiteColumns(config: SiteColumnsConfig): SiteColumns {
  const { graph, settings, logger, now } = config;
  let schema = settingsSchema(settings);
  let readAtMs: number | undefined;
  let attemptAtMs: number | undefined;
  let inflight: Promise<TicketSchema> | undefined;
  let failureLogged = false;
  const told = new Set<string>();

  /** Logs each line once per process: a disagreeing setting stays so until someone deletes it. */
  const tellOnce = (line: string, ctx: Record<string, unknown>) => {
    if (told.has(line)) return;
    told.add(line);
    logger.warn(line, ctx);
  };

  function read(): Promise<TicketSchema> {
    if (inflight) return inflight;
    attemptAtMs = now().getTime();
    inflight = (async () => {
      try {
        const columns = await graph.listColumns('SD_Tickets');
        const next = schemaFrom(columns, settings, now());
        for (const line of knownTypeProblem(columns)) tellOnce(`SD_Tickets: ${line}`, { list: 'SD_Tickets' });
        if (readAtMs !== undefined) for (const line of schemaChanges(schema, next)) logger.warn(`SD_Tickets' columns changed: ${line}`, { list: 'SD_Tickets' });
        for (const c of settingConflicts(next, settings)) tellOnce(c.line, { setting: c.setting });
        schema = next;
        readAtMs = now().getTime();
        if (failureLogged) logger.info("SD_Tickets' columns are readable again; forms follow the site's columns", { list: 'SD_Tickets' });
        failureLogged = false;
      } catch (err) {
        if (!failureLogged) {
          logger.warn(`could not read SD_Tickets' columns; ${readAtMs === undefined ? 'using the settings' : 'keeping the columns read before'} until a read succeeds`, {
            list: 'SD_Tickets',
            error: err instanceof Error ? err.message : String(err),
          });
        }
        failureLogged = true;
      } finally {
        inflight = undefined;
      }
      return schema;
    })();
    return inflight;
  }

  const since = (ms: number | undefined) => (ms === undefined ? Infinity : now().getTime() - ms);

  function current(): TicketSchema {
    if (attemptAtMs !== undefined && since(attemptAtMs) >= SCHEMA_REFRESH_MS) void read();
    return schema;
  }

  return {
    current,
    get: async () => {
      if (attemptAtMs === undefined) return read();
      const cached = current();
      // A read under way (the 10-minute one, or one an unknown value asked for) is waited for: it is the newer schema.
      return inflight ?? cached;
    },
    async refreshForUnknown() {
      if (inflight) return inflight;
      if (since(attemptAtMs) < SCHEMA_RETRY_MS) return schema;
      return read();
    },
  };
}

/** Values of the known fields that a form or command brought, by field. */
export type BroughtValues = Partial<Record<'priority' | 'category' | 'status', unknown>>;

/** True when a brought value is not among the field's values or an extra value is not in the schema. */
export function bringsUnknown(schema: TicketSchema, values: BroughtValues, extra?: Record<string, unknown>): boolean {
  const unknown = (Object.keys(values) as (keyof BroughtValues)[]).some((field) => {
    const v = values[field];
    return typeof v === 'string' && v.trim() !== '' && !(schema.fields[field].values ?? []).some((a) => sameText(a, v));
  });
  return unknown || unknownExtra(schema, extra);
}

/**
 * The schema to check input against. Extra values need the site's columns, so they are read
 * first if they never were; a value the schema does not know has them read again (at most once
 * a minute), since the site may have added it since.
 */
export async function schemaFor(columns: SiteColumns, values: BroughtValues, extra?: Record<string, unknown>): Promise<TicketSchema> {
  const schema = extra && Object.keys(extra).length ? await columns.get() : columns.current();
  return bringsUnknown(schema, values, extra) ? columns.refreshForUnknown() : schema;
}
