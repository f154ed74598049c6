/** An in-memory ChangeFeed at the port, with a controllable clock (the emulator tests cover the real feed). */
import type { Comment, Ticket } from '../../src/helpdesk/types';
import type { ChangeFeed } from '../../src/notify/types';

export function memoryFeed() {
  const tickets = new Map<number, Ticket>();
  const comments: Comment[] = [];
  let clock = Date.parse('2026-11-22T10:00:00Z');
  let version = 0;
  let requests = 0;
  const stamp = () => new Date(clock).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const feed: ChangeFeed & { getTicket(id: number): Promise<Ticket | undefined> } = {
    async *ticketsModifiedSince(since) {
      requests++;
      const list = [...tickets.values()].filter((t) => Date.parse(t.modified) >= since.getTime()).sort((a, b) => a.modified.localeCompare(b.modified));
      for (const t of list) yield { ...t };
    },
    async *commentsCreatedSince(since) {
      requests++;
      for (const c of comments.filter((x) => Date.parse(x.created) >= since.getTime())) yield { ...c };
    },
    async getTicket(id) {
      requests++;
      const t = tickets.get(id);
      return t && { ...t };
    },
  };
  return {
    feed,
    now: () => new Date(clock),
    tick(seconds = 1) {
      clock += seconds * 1000;
    },
    get requests() {
      return requests;
    },
    put(t: Partial<Ticket> & { id: number }): Ticket {
      const old = tickets.get(t.id);
      const next: Ticket = {
        etag: '', created: stamp(), modified: stamp(), title: `Ticket ${t.id}`, description: '', priority: 'Normal', status: 'New',
        category: 'Hardware', submittedBy: 'alex@contoso.com', submittedByName: 'Alex', submittedByEmail: 'alex@contoso.com', assignedTo: '',
        ...old, ...t,
      };
      next.modified = stamp();
      next.etag = `"t${t.id},${++version}"`;
      tickets.set(t.id, next);
      return next;
    },
    comment(c: Partial<Comment> & { ticketId: number }): Comment {
      const made: Comment = {
        id: 1000 + comments.length, etag: `"c,${++version}"`, created: stamp(), modified: stamp(), title: '', body: 'hello',
        authorEmail: 'dana@contoso.com', authorName: 'Dana', isInternal: false, ...c,
      };
      comments.push(made);
      return made;
    },
  };
}
