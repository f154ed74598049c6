/** A screen of every element kind and every chart, as a report would build one; texts as a view hands them over. */
import { actions, chart, confirm, facts, heading, inputs, lines, rows, row, screen, section, table, type ScreenView } from '../../src/views/elements';
import { VERBS } from '../../src/core/verbs';

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The charts a report draws: every chart type and layout of the vocabulary. */
export function everyChart(locale = 'en') {
  return [
    chart('Open tickets by status', { type: 'pie', segments: [{ label: 'New', value: 4 }, { label: 'In Progress', value: 6 }, { label: 'Waiting', value: 2 }] }, locale),
    chart('Backlog by age', { type: 'donut', segments: [{ label: 'Under 1 day', value: 5 }, { label: '1-3 days', value: 3 }, { label: 'Over 7 days', value: 1 }], centre: '9' }, locale),
    chart('Opened per day', { type: 'bar', orientation: 'vertical', layout: 'grouped', categories: days, series: [{ name: 'Opened', values: [5, 7, 3, 8, 6, 1, 0] }], yLabel: 'Tickets' }, locale),
    chart('Opened and resolved', { type: 'bar', orientation: 'vertical', layout: 'grouped', categories: days, series: [{ name: 'Opened', values: [5, 7, 3, 8, 6, 1, 0] }, { name: 'Resolved', values: [4, 6, 5, 7, 2, 0, 1] }] }, locale),
    chart('Open by agent and status', { type: 'bar', orientation: 'vertical', layout: 'stacked', categories: ['Dana', 'Diego'], series: [{ name: 'New', values: [1, 2] }, { name: 'Waiting', values: [3, 0] }] }, locale),
    chart('Resolved per agent', { type: 'bar', orientation: 'horizontal', layout: 'grouped', categories: ['Dana', 'Diego', 'Megan'], series: [{ name: 'Resolved', values: [12, 9, 4] }] }, locale),
    chart('Load per agent', { type: 'bar', orientation: 'horizontal', layout: 'stacked', categories: ['Dana', 'Diego'], series: [{ name: 'Open', values: [3, 5] }, { name: 'Resolved', values: [12, 9] }] }, locale),
    chart('First response (hours)', { type: 'line', categories: days, series: [{ name: 'Median', values: [1.5, 2, 1.25, 3, 2.5, 0, 0] }, { name: '90th percentile', values: [4, 6, 3.5, 8, 7, 0, 0] }] }, locale),
    chart('Backlog over the week', { type: 'area', categories: days, series: [{ name: 'Open', values: [12, 14, 13, 15, 12, 12, 11] }] }, locale),
    chart('SLA met', { type: 'gauge', value: 87.5, min: 0, max: 100, format: 'percent', bands: [{ label: 'Missed', size: 80, tone: 'attention' }, { label: 'Met', size: 20, tone: 'good' }] }, locale),
  ];
}

/** One screen holding every element kind (with `withCharts`, a pie and a donut among them). */
export function everyElement(withCharts = true, locale = 'en'): ScreenView {
  const show = { verb: VERBS.show, title: 'Show', ticketId: 12, etag: '"e,1"' };
  const claim = { verb: VERBS.claim, title: 'Claim', ticketId: 12, etag: '"e,1"', style: 'positive' as const };
  return screen([
    heading('How the desk is doing — last 7 days'),
    lines(['3 tickets breached their SLA.'], { tone: 'warning' }),
    lines(['Counted in business hours.', 'Updated 22 Nov 2026 14:05 UTC'], { muted: true, dates: [{ text: '22 Nov 2026 14:05 UTC', iso: '2026-11-22T14:05:00Z' }] }),
    facts([{ label: 'Open', value: '12' }, { label: 'Resolved', value: '7' }]),
    rows([row('#12 Printer on 3rd floor jams [again]', ['New · High · updated 22 Nov 2026 14:05 UTC'], [show, claim], [{ text: '22 Nov 2026 14:05 UTC', iso: '2026-11-22T14:05:00Z' }]), row('#13 VPN drops', ['Waiting'], [show])], 'and 3 more'),
    section('Oldest tickets', ['#4 Laptop won\'t boot — 9 days', '#7 Badge reader — 8 days'], [{ verb: VERBS.queue, title: 'Queue', data: { queue: 'all' } }]),
    inputs([{ id: 'days', label: 'Period', choices: [{ value: '7', title: '7 days' }, { value: '30', title: '30 days' }, { value: '90', title: '90 days' }], value: '7' }], { verb: VERBS.queue, title: 'Show report', data: { queue: 'report' } }),
    confirm('Merge #12 into #10?', { verb: VERBS.claim, title: 'Merge', ticketId: 12, style: 'destructive' }, { verb: VERBS.show, title: 'Cancel', ticketId: 12 }, 'warning'),
    table(['Agent', 'Open', 'Resolved'], [['Dana', '3', '12'], ['Diego', '5', '9']], 'Load per agent'),
    ...(withCharts ? everyChart(locale).slice(0, 2) : []),
    actions([{ verb: VERBS.queue, title: 'List all', data: { queue: 'all' } }]),
  ], { locale });
}
