/** The people the help-desk tests act as (demo seed addresses). */
import type { GraphClient } from '../../src/graph/types';
import type { Actor } from '../../src/helpdesk/types';

export const megan: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
export const diego: Actor = { email: 'diegos@example.com', name: 'Diego Siciliani' };
export const adele: Actor = { email: 'adelev@example.com', name: 'Adele Vance' };
export const patti: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };
export const lynne: Actor = { email: 'lynner@example.com', name: 'Lynne Robbins' };

/** Every ticket's raw fields read straight through Graph, as an oracle independent of the service's filters. */
export async function allTicketFields(graph: GraphClient): Promise<{ id: number; fields: Record<string, unknown> }[]> {
  const out: { id: number; fields: Record<string, unknown> }[] = [];
  for await (const item of graph.listAll('SD_Tickets', { top: 5000 })) out.push({ id: Number(item.id), fields: item.fields });
  return out;
}
