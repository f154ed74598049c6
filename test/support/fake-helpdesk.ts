/**
 * In-memory HelpdeskService for command tests: a fake at the port (an interface), not an HTTP
 * mock. It keeps the service's documented rules — requesters see and comment on only their own
 * tickets and never internal notes; only active agents change tickets; a stale etag is a
 * conflict carrying the current ticket — so handler tests exercise real outcomes.
 */
import {
  DEFAULT_CATEGORIES,
  DEFAULT_HIGH_PRIORITIES,
  DEFAULT_OPEN_STATUSES,
  DEFAULT_PRIORITIES,
  DEFAULT_STATUSES,
} from '../../src/config';
import {
  HelpdeskError,
  type Actor,
  type Agent,
  type Asset,
  type AssetQuery,
  type Comment,
  type HelpdeskService,
  type NewAsset,
  type NewTicket,
  type Ticket,
  type TicketQuery,
  type Vocabulary,
} from '../../src/helpdesk/types';

/** Options for the fake: who the agents are and the starting clock. */
export interface FakeHelpdeskConfig {
  agents?: { email: string; name: string; isActive?: boolean }[];
  now?: () => Date;
}

/** The fake plus seeding helpers tests use to arrange a scene. */
export interface FakeHelpdesk extends HelpdeskService {
  seedTicket(fields: Partial<Ticket> & { title: string; submittedByEmail: string }): Ticket;
  seedComment(fields: Partial<Comment> & { ticketId: number; body: string; authorEmail: string }): Comment;
  seedAsset(fields: Partial<Asset> & { assetTag: string; assignedTo: string }): Asset;
  /** Changes a ticket behind everyone's back (another agent's click), bumping its etag. */
  touch(id: number, changes: Partial<Ticket>): Ticket;
  ticket(id: number): Ticket | undefined;
  comments(ticketId: number): Comment[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Creates an empty fake help desk with the default vocabulary. */
export function createFakeHelpdesk(config: FakeHelpdeskConfig = {}): FakeHelpdesk {
  const vocabulary: Vocabulary = {
    priorities: DEFAULT_PRIORITIES,
    categories: DEFAULT_CATEGORIES,
    statuses: DEFAULT_STATUSES,
    openStatuses: DEFAULT_OPEN_STATUSES,
    highPriorities: DEFAULT_HIGH_PRIORITIES,
  };
  const agents: Agent[] = (config.agents ?? []).map((a, i) => ({ id: i + 1, email: a.email, name: a.name, isActive: a.isActive ?? true }));
  const tickets = new Map<number, Ticket>();
  const comments: Comment[] = [];
  const assets: Asset[] = [];
  let nextId = 1;
  let clock = config.now?.() ?? new Date('2026-11-22T14:05:00Z');
  const stamp = () => {
    clock = new Date(clock.getTime() + 60_000);
    return clock.toISOString();
  };
  const etag = (id: number) => `"${id},${Math.random().toString(36).slice(2, 8)}"`;

  const agentEmail = (email: string) => agents.some((a) => a.isActive && same(a.email, email));
  const nameOf = (email: string) => agents.find((a) => same(a.email, email))?.name || email;
  const requireAgent = (actor: Actor, doing: string) => {
    if (!agentEmail(actor.email)) throw new HelpdeskError('forbidden', `Only help-desk agents can ${doing}.`);
  };
  // Same answer for a missing ticket and another person's, so ids cannot be probed (as the real service).
  const notYours = (id: number) => new HelpdeskError('not-found', `Ticket #${id} was not found or is not yours.`);
  const find = (id: number): Ticket => {
    const t = tickets.get(id);
    if (!t) throw notYours(id);
    return t;
  };
  const visible = (actor: Actor, id: number): Ticket => {
    const t = find(id);
    if (!agentEmail(actor.email) && !same(t.submittedByEmail, actor.email)) {
      throw notYours(id);
    }
    return t;
  };
  const change = (actor: Actor, id: number, etagSeen: string | undefined, changes: Partial<Ticket>, doing = 'change tickets'): Ticket => {
    requireAgent(actor, doing);
    const t = find(id);
    if (etagSeen && etagSeen !== '*' && etagSeen !== t.etag) {
      throw new HelpdeskError('conflict', `Ticket #${id} was changed by someone else first.`, { current: { ...t } });
    }
    return touch(id, changes);
  };
  const touch = (id: number, changes: Partial<Ticket>): Ticket => {
    const t = { ...find(id), ...changes, modified: stamp(), etag: etag(id) };
    tickets.set(id, t);
    return { ...t };
  };
  const addComment = (fields: Partial<Comment> & { ticketId: number; body: string; authorEmail: string }): Comment => {
    const created = fields.created ?? stamp();
    const c: Comment = {
      id: nextId++, etag: etag(0), created, modified: created, title: `Ticket ${fields.ticketId}`,
      authorName: fields.authorName ?? fields.authorEmail, isInternal: false, ...fields,
    };
    comments.push(c);
    return { ...c };
  };

  const service: FakeHelpdesk = {
    vocabulary,
    async isAgent(email) {
      return agentEmail(email);
    },
    async activeAgents() {
      return agents.filter((a) => a.isActive).map((a) => ({ ...a }));
    },
    async listTickets(actor, query: TicketQuery) {
      let q = query;
      // A requester's list is narrowed to their own tickets, whatever they asked for.
      if (!agentEmail(actor.email)) q = { ...q, submittedBy: actor.email };
      let out = [...tickets.values()].filter((t) =>
        (q.status === undefined || t.status === q.status) &&
        (!q.open || vocabulary.openStatuses.includes(t.status)) &&
        (!q.highPriority || vocabulary.highPriorities.includes(t.priority)) &&
        (q.assignedTo === undefined || same(t.assignedTo, q.assignedTo)) &&
        (!q.unassigned || t.assignedTo === '') &&
        (q.submittedBy === undefined || same(t.submittedByEmail, q.submittedBy)) &&
        (q.category === undefined || t.category === q.category));
      out.sort((a, b) => (q.order === 'asc' ? 1 : -1) * (a.modified.localeCompare(b.modified) || a.id - b.id));
      if (q.limit !== undefined) out = out.slice(0, q.limit);
      return out.map((t) => ({ ...t }));
    },
    async ticketFromLink() {
      return undefined;
    },
    async searchTickets() {
      // Search is tested against the real index (test/search); this fake has none.
      throw new HelpdeskError('unavailable', 'Search is not available on this help desk yet.');
    },
    async getTicket(actor, id) {
      return { ...visible(actor, id) };
    },
    async createTicket(actor, input: NewTicket) {
      if (!input.title.trim()) throw new HelpdeskError('invalid', 'A ticket needs a title.', { field: 'title' });
      return service.seedTicket({ ...input, submittedByEmail: actor.email, submittedByName: actor.name });
    },
    async updateTicket(actor, id, changes, etagSeen) {
      const t = visible(actor, id);
      if (!agentEmail(actor.email) && changes.priority !== undefined && changes.priority !== t.priority) {
        throw new HelpdeskError('forbidden', 'Only help-desk agents can change a ticket’s priority.');
      }
      if (!agentEmail(actor.email) && changes.category !== undefined && changes.category !== t.category) {
        throw new HelpdeskError('forbidden', 'Only help-desk agents can change a ticket’s category.');
      }
      if (!agentEmail(actor.email) && ['Resolved', 'Closed'].includes(t.status)) {
        throw new HelpdeskError('forbidden', `Ticket #${id} is ${t.status}; reopen it to change it.`);
      }
      const differ = Object.fromEntries(Object.entries(changes).filter(([k, v]) => v !== undefined && t[k as keyof Ticket] !== v));
      if (Object.keys(differ).length === 0) return { ticket: { ...t }, outcome: 'unchanged' as const };
      if (etagSeen && etagSeen !== '*' && etagSeen !== t.etag) {
        throw new HelpdeskError('conflict', `Ticket #${id} was changed by someone else first.`, { current: { ...t } });
      }
      return { ticket: touch(id, differ), outcome: 'saved' as const };
    },
    async claim(actor, id, etagSeen, options = {}) {
      requireAgent(actor, 'claim tickets');
      const current = find(id);
      const holderOf = (t: Ticket) => ({ email: t.assignedTo, name: nameOf(t.assignedTo) });
      // Someone else's ticket is never taken silently, typed or clicked, without a confirmed take-over.
      if (current.assignedTo && !same(current.assignedTo, actor.email) && !options.takeOver) {
        throw new HelpdeskError('conflict', `Ticket #${id} was already claimed by ${nameOf(current.assignedTo)}.`, { current: { ...current }, holder: holderOf(current) });
      }
      if (same(current.assignedTo, actor.email)) return { ticket: { ...current }, outcome: 'unchanged' as const };
      try {
        return { ticket: change(actor, id, etagSeen ?? current.etag, { assignedTo: actor.email, status: 'Assigned' }, 'claim tickets'), outcome: 'saved' as const };
      } catch (err) {
        const now = err instanceof HelpdeskError && err.kind === 'conflict' ? err.details.current : undefined;
        // A second click by the holder is not a conflict.
        if (now && same(now.assignedTo, actor.email)) return { ticket: now, outcome: 'unchanged' as const };
        if (now?.assignedTo) throw new HelpdeskError('conflict', `Ticket #${id} was already claimed by ${nameOf(now.assignedTo)}.`, { current: now, holder: holderOf(now) });
        throw err;
      }
    },
    async assign(actor, id, assignee, etagSeen) {
      requireAgent(actor, 'assign tickets');
      if (!agentEmail(assignee)) throw new HelpdeskError('invalid', `${assignee} is not an active help-desk agent.`, { field: 'assignee' });
      return change(actor, id, etagSeen, { assignedTo: assignee, status: 'Assigned' }, 'assign tickets');
    },
    async setStatus(actor, id, status, etagSeen) {
      if (!vocabulary.statuses.includes(status)) throw new HelpdeskError('invalid', `“${status}” is not a status.`, { field: 'status' });
      requireAgent(actor, 'change a ticket’s status');
      if (find(id).status === status) return { ticket: { ...find(id) }, outcome: 'unchanged' as const };
      return { ticket: change(actor, id, etagSeen, { status }, 'change a ticket’s status'), outcome: 'saved' as const };
    },
    async setPriority(actor, id, priority, etagSeen) {
      requireAgent(actor, 'change a ticket’s priority');
      if (find(id).priority === priority) return { ticket: { ...find(id) }, outcome: 'unchanged' as const };
      return { ticket: change(actor, id, etagSeen, { priority }, 'change a ticket’s priority'), outcome: 'saved' as const };
    },
    async resolve(actor, id, note, etagSeen) {
      requireAgent(actor, 'resolve tickets');
      if (['Resolved', 'Closed'].includes(find(id).status)) return { ticket: { ...find(id) }, outcome: 'unchanged' as const };
      const t = change(actor, id, etagSeen, { status: 'Resolved' }, 'resolve tickets');
      if (!note) return { ticket: t, outcome: 'saved' as const };
      return { ticket: t, outcome: 'saved' as const, note: addComment({ ticketId: id, body: note, authorEmail: actor.email, authorName: actor.name }) };
    },
    async reopen(actor, id, reason, etagSeen) {
      if (!reason?.trim()) throw new HelpdeskError('invalid', 'Reason is required.', { field: 'reason' });
      const t = visible(actor, id);
      if (!['Resolved', 'Closed'].includes(t.status)) return { ticket: { ...t }, outcome: 'unchanged' as const };
      if (etagSeen && etagSeen !== '*' && etagSeen !== t.etag) {
        throw new HelpdeskError('conflict', `Ticket #${id} was changed by someone else first.`, { current: { ...t } });
      }
      const reopened = touch(id, { status: t.assignedTo ? 'Assigned' : 'New' });
      addComment({ ticketId: id, body: reason.trim(), authorEmail: actor.email, authorName: actor.name, title: 'Reopened' });
      return { ticket: reopened, outcome: 'saved' as const };
    },
    async deleteTicket(actor, id) {
      requireAgent(actor, 'delete tickets');
      find(id);
      tickets.delete(id);
    },
    async listComments(actor, ticket) {
      const ticketId = typeof ticket === 'number' ? ticket : ticket.id;
      visible(actor, ticketId);
      const agent = agentEmail(actor.email);
      return comments.filter((c) => c.ticketId === ticketId && (agent || !c.isInternal)).map((c) => ({ ...c }));
    },
    async addComment(actor, ticketId, body, options = {}) {
      visible(actor, ticketId);
      if (options.internal && !agentEmail(actor.email)) throw new HelpdeskError('forbidden', 'Only help-desk agents can post internal notes.');
      return addComment({ ticketId, body, authorEmail: actor.email, authorName: actor.name, isInternal: !!options.internal });
    },
    async getTicketWithComments(actor, id) {
      return { ticket: await service.getTicket(actor, id), comments: await service.listComments(actor, id) };
    },
    async commentOn(actor, ticketId, body, options) {
      const comment = await service.addComment(actor, ticketId, body, options);
      return { comment, ...(await service.getTicketWithComments(actor, ticketId)) };
    },
    async listAssets(actor, q: AssetQuery) {
      if (!agentEmail(actor.email) && !(q.holder && same(q.holder, actor.email))) {
        throw new HelpdeskError('forbidden', 'You can only see the assets you hold.');
      }
      return assets.filter((a) => (!q.holder || same(a.assignedTo, q.holder)) && (!q.status || a.status === q.status) && (!q.tag || a.assetTag === q.tag));
    },
    async findAsset(actor, tagOrSerial) {
      requireAgent(actor, 'look up assets');
      return assets.find((a) => same(a.assetTag, tagOrSerial) || same(a.serialNumber, tagOrSerial));
    },
    async createAsset(actor, asset: NewAsset) {
      requireAgent(actor, 'register assets');
      return service.seedAsset(asset);
    },

    seedTicket(fields) {
      const id = fields.id ?? nextId++;
      const created = fields.created ?? stamp();
      const t: Ticket = {
        id, etag: etag(id), created, modified: created, description: '', priority: 'Normal', status: 'New',
        category: 'Other', submittedBy: fields.submittedByEmail, submittedByName: fields.submittedByEmail, assignedTo: '',
        ...fields,
      };
      tickets.set(id, t);
      return { ...t };
    },
    seedComment: addComment,
    seedAsset(fields) {
      const created = stamp();
      const a: Asset = {
        id: nextId++, etag: etag(0), created, modified: created, title: fields.assetTag, type: 'Laptop', status: 'In Use',
        serialNumber: '', manufacturer: '', model: '', ...fields,
      };
      assets.push(a);
      return { ...a };
    },
    touch,
    ticket: (id) => (tickets.has(id) ? { ...tickets.get(id)! } : undefined),
    comments: (ticketId) => comments.filter((c) => c.ticketId === ticketId).map((c) => ({ ...c })),
  };
  return service;
}
