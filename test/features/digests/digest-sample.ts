/** One sample digest (late, with SLA figures, answered questions, rows and "more") and how each platform renders it; reading a digest screen's parts back. */
import { renderCard } from '../../../src/channels/teams/cards';
import { screenMessage } from '../../../src/channels/slack/blocks/screen';
import type { DigestFigures } from '../../../src/core';
import { digestView, type DigestView } from '../../../src/features/digests/digest-view';

export const NOW = Date.UTC(2026, 10, 27, 8, 0);

const waiting = (id: number, title: string, hours: number) => ({
  id, etag: '"1"', title, description: '', status: 'New', priority: 'Normal', category: 'Hardware',
  requesterEmail: 'adelev@example.com', requesterName: 'Adele Vance', assigneeEmail: '', assigneeName: '',
  created: new Date(NOW - hours * 3600_000).toISOString(), modified: new Date(NOW - hours * 3600_000).toISOString(),
});

export const SAMPLE_FIGURES: DigestFigures = {
  openByStatus: [{ status: 'New', count: 4 }, { status: 'In Progress', count: 6 }, { status: 'Waiting', count: 2 }],
  openTotal: 12, newSince: 5, resolvedSince: 7, unassignedTotal: 4,
  unassigned: [waiting(20, 'Printer on 3rd floor jams [again]', 30), waiting(21, 'VPN drops every hour', 6)],
  sla: { breached: 1, dueToday: 3 }, answered: { questions: 4, filed: 5 },
};

export function sampleDigest(locale: string, figures: DigestFigures = SAMPLE_FIGURES): DigestView {
  return digestView(figures, { since: NOW - 86_400_000, basis: 'last', lateSlot: NOW - 3_600_000 }, 'Europe/Berlin', locale);
}

export const teamsDigestCard = (view: DigestView) => renderCard({ type: 'screen', screen: view });
export const slackDigestMessage = (view: DigestView) => screenMessage(view);

/** A digest screen's facts, `label: value`. */
export const factsOf = (view: DigestView): string[] => view.elements.flatMap((e) => (e.kind === 'facts' ? e.facts.map((f) => `${f.label}: ${f.value}`) : []));
