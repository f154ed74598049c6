/**
 * The real HelpdeskService over the embedded site, with helpers that arrange a scene by writing
 * list items directly (the Graph boundary), so every rule a test meets is the service's own:
 * who may see, claim or change a ticket is never restated here.
 */
import { afterAll } from 'vitest';
import type { ListItem } from '../../src/graph/types';
import { ASSET, COMMENT, TICKET, toAsset, toComment, toTicket } from '../../src/helpdesk/fields';
import type { Asset, Comment, HelpdeskService, Ticket } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { startHelpdeskStack, type HelpdeskStack } from './helpdesk-stack';

/** A person on the agents list. */
export interface SeedAgent {
  email: string;
  name: string;
  isActive?: boolean;
}

/** The real service plus scene-setting helpers that bypass it (as another client of the site would). */
export interface SeededHelpdesk extends HelpdeskService {
  /** The stack underneath: its emulator injects faults and counts requests. */
  stack: HelpdeskStack;
  seedTicket(fields: Partial<Ticket> & { title: string; submittedByEmail: string }): Ticket;
  seedComment(fields: Partial<Comment> & { ticketId: number; body: string; authorEmail: string }): Comment;
  seedAsset(fields: Partial<Asset> & { assetTag: string; assignedTo: string }): Asset;
  /** Changes a ticket behind everyone's back (another agent's click), bumping its etag. */
  touch(id: number, changes: Partial<Ticket>): Ticket;
  /** The ticket as stored now, or undefined when there is none. */
  ticket(id: number): Ticket | undefined;
  /** Every comment on a ticket as stored now, internal notes included, oldest first. */
  comments(ticketId: number): Comment[];
  /** Empties the tickets, comments and assets lists (the agents stay) and clears pending faults. */
  reset(): void;
  close(): Promise<void>;
}

// The service's own field maps; Created is a system column the service reads but never writes, so a scene sets it here.
const TICKET_COLUMNS: Partial<Record<keyof Ticket, string>> = { ...TICKET, created: 'Created' };
const COMMENT_COLUMNS: Partial<Record<keyof Comment, string>> = COMMENT;
const ASSET_COLUMNS: Partial<Record<keyof Asset, string>> = ASSET;

function columns<T extends object>(map: Partial<Record<keyof T, string>>, fields: Partial<T>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const column = map[key as keyof T];
    if (column && value !== undefined) out[column] = value;
  }
  return out;
}

/** Starts the emulator (no demo data), adds the agents, and wraps the real service. */
export async function startSeededHelpdesk(agents: readonly SeedAgent[]): Promise<SeededHelpdesk> {
  // agentCacheTtlMs 0: a test that changes the agents list is seen at once.
  // Outages are arranged on purpose here; their warnings would only bury a real failure's output.
  const stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 }, logger: createLogger({ level: 'error', write: () => undefined }) });
  const data = stack.emulator.data;
  for (const a of agents) data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: a.isActive ?? true });
  // Seeded rows are a minute apart and in the past, so list order is stable and the service's own writes come after them.
  let clock = Date.now() - 24 * 3600_000;
  const stamp = () => new Date((clock += 60_000));
  const item = (list: string, id: number): ListItem | undefined => {
    const row = data.get(list, String(id));
    return row && { id: row.id, etag: row.etag, fields: row.fields, createdDateTime: String(row.fields.Created), lastModifiedDateTime: String(row.fields.Modified) } as ListItem;
  };
  const ticket = (id: number) => {
    const row = item('SD_Tickets', id);
    return row && toTicket(row);
  };
  const rows = (list: string): ListItem[] => {
    const out: ListItem[] = [];
    // Ids only grow; the emulator has no scan, so walk ids until the count is reached.
    const count = data.count(list);
    for (let id = 1; out.length < count && id < 100_000; id++) {
      const row = item(list, id);
      if (row) out.push(row);
    }
    return out;
  };

  const desk: SeededHelpdesk = {
    ...stack.helpdesk,
    stack,
    seedTicket(fields) {
      const at = stamp();
      const created = fields.created ? new Date(fields.created) : at;
      const row = data.insert('SD_Tickets', columns<Ticket>(TICKET_COLUMNS, {
        description: '', priority: 'Normal', status: 'New', category: 'Other',
        submittedBy: fields.submittedByEmail, submittedByName: fields.submittedByEmail,
        ...fields, created: undefined, modified: undefined,
      }), { created, modified: fields.modified ? new Date(fields.modified) : created });
      return ticket(Number(row.id))!;
    },
    seedComment(fields) {
      const created = fields.created ? new Date(fields.created) : stamp();
      const row = data.insert('SD_Comments', columns<Comment>(COMMENT_COLUMNS, {
        title: `Ticket ${fields.ticketId}`, authorName: fields.authorEmail, isInternal: false, ...fields, created: undefined,
      }), { created });
      return toComment(item('SD_Comments', Number(row.id))!);
    },
    seedAsset(fields) {
      const row = data.insert('SD_Assets', columns<Asset>(ASSET_COLUMNS, {
        title: fields.assetTag, type: 'Laptop', status: 'In Use', ...fields,
      }), { created: stamp() });
      return toAsset(item('SD_Assets', Number(row.id))!);
    },
    touch(id, changes) {
      data.update('SD_Tickets', String(id), columns<Ticket>(TICKET_COLUMNS, changes));
      return ticket(id)!;
    },
    ticket,
    comments: (ticketId) =>
      rows('SD_Comments').map(toComment).filter((c) => c.ticketId === ticketId).sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id),
    reset() {
      stack.emulator.faults.clear();
      for (const list of ['SD_Tickets', 'SD_Comments', 'SD_Assets']) data.clear(list);
    },
    close: () => stack.close(),
  };
  return desk;
}

/** One seeded help desk for the whole test file, started on first use and closed after the file. */
export function sharedSeededHelpdesk(agents: readonly SeedAgent[]): () => Promise<SeededHelpdesk> {
  let started: Promise<SeededHelpdesk> | undefined;
  afterAll(async () => {
    if (started) await (await started).close();
  });
  return async () => {
    started ??= startSeededHelpdesk(agents);
    const desk = await started;
    desk.reset();
    // A copy, so a test that replaces one method (to make it throw) leaves the next test the real one.
    return { ...desk };
  };
}
