/**
 * Index check: reads each list's columns (GET .../lists/{list}/columns) and names every column the
 * bot filters or orders on that is not indexed, with how to index it. Past 5,000 items SharePoint
 * refuses such queries (400), so a missing index is a failure even on a small list: it is a
 * set-up that breaks by itself as the help desk grows.
 */
import type { GraphHttp } from '../graph/http';
import type { ListName } from '../graph/types';
import { QUERIED_COLUMNS } from './queried-columns';

interface ColumnDefinition { name?: unknown; displayName?: unknown; indexed?: unknown }

/** The verdict for one list: `ok` false means a ✖ line. */
export interface IndexVerdict { ok: boolean; line: string }

/** Reads the list's columns and judges the indexes the bot needs; throws the Graph error when the columns cannot be read. */
export async function checkIndexes(http: GraphHttp, siteBase: string, list: ListName): Promise<IndexVerdict> {
  const res = await http.send({ method: 'GET', url: `${siteBase}/lists/${encodeURIComponent(list)}/columns`, operation: `GET ${list}/columns`, context: { list } });
  const value = (res.body as { value?: unknown } | undefined)?.value;
  const columns = new Map<string, ColumnDefinition>();
  for (const c of Array.isArray(value) ? (value as ColumnDefinition[]) : []) if (typeof c.name === 'string') columns.set(c.name, c);

  // A column the site does not have (SD_SpaceId before product 1.5) cannot be indexed; the field check speaks for it.
  const wanted = QUERIED_COLUMNS[list].filter((q) => columns.has(q.column));
  const missing = wanted.filter((q) => columns.get(q.column)?.indexed !== true);
  if (missing.length === 0) return { ok: true, line: `${list}: indexed: ${wanted.map((q) => q.column).join(', ')} (every column the bot filters or orders on)` };
  const named = missing.map((q) => {
    const display = columns.get(q.column)?.displayName;
    return `${q.column}${typeof display === 'string' && display !== q.column ? ` ("${display}")` : ''}, used by ${q.usedBy}`;
  });
  return {
    ok: false,
    line:
      `${list}: not indexed: ${named.join('; ')} — once the list has more than 5,000 items SharePoint refuses the bot's queries on ` +
      `${missing.length === 1 ? 'this column' : 'these columns'} (400 "cannot be referenced in filter or orderby as it is not indexed"). ` +
      `As a site owner, open ${list} › List settings › Indexed columns › Create a new index and index ${missing.map((q) => q.column).join(', ')}.`,
  };
}
