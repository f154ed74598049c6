/**
 * Routing (issue 42): the decision's CPU at 200 agents (goal p95 ≤ 5 ms), and the Graph presence
 * requests per minute at 200 agents (goal 1), routing a ticket every 5 s for 10 minutes against
 * the embedded site (real HTTP; one getPresencesByUserId takes up to 650 ids), and the Graph
 * requests per routed ticket (goal one PATCH, presence amortised) through the bot's real poll
 * cycle (startApp, the embedded site behind a recording proxy), tickets made in the list in
 * batches, one batch routed per cycle.
 * Run: npx tsx bench/routing.ts [--smoke]
 */
import { performance } from 'node:perf_hooks';
import { sized, loadAverage } from './support/smoke';
import { connectionFor, startEmulator } from '../src/emulator';
import { createGraphClient } from '../src/graph';
import { createLogger } from '../src/log';
import { createAvailability, needsOf } from '../src/features/routing/availability';
import { decide, type AgentNow } from '../src/features/routing/decide';
import { parseRules } from '../src/features/routing/rules';
import { HARDWARE, startRoutedDesk } from '../test/features/routing/routed-desk';

const AGENTS = 200;
const DECISIONS = sized(20_000, 500);
const agents = Array.from({ length: AGENTS }, (_, i) => `agent${i}@contoso.com`);
const parsed = parseRules(JSON.stringify({
  groups: [
    { name: 'Hardware', agents: agents.slice(0, 100), method: 'round-robin', match: { categories: ['Hardware'] }, fallback: { group: 'Desk' }, availability: { outOfOffice: true, teamsPresence: true, slackAwayStatuses: ['OOO', ':palm_tree:'] } },
    { name: 'Desk', agents: agents.slice(100), method: 'least-busy', availability: { outOfOffice: true, teamsPresence: true, offlineIsAway: true, slackDnd: true } },
  ],
  default: 'Desk',
  caps: { default: 8 },
}), 'bench.json');
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const rules = parsed.rules;

// 1. The decision: every agent with signals (a quarter away one way or another) and a load.
let seed = 42;
const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
const now = Date.parse('2026-12-07T10:00:00Z');
const state = new Map<string, AgentNow>(agents.map((a, i) => [a, {
  active: i % 37 !== 0,
  load: Math.floor(random() * 10),
  signals: {
    teams: { availability: ['Available', 'Busy', 'Away', 'Offline'][i % 4], outOfOffice: i % 11 === 0 },
    slack: { presence: i % 3 ? 'active' : 'away', statusText: i % 13 === 0 ? 'OOO' : '', statusEmoji: '', dnd: i % 17 === 0 },
    ...(i % 19 === 0 ? { own: { until: now + 3_600_000 } } : {}),
  },
}]));
const lastAssigned = new Map(agents.map((a, i) => [a, now - i * 60_000]));
const cursors = new Map<string, string>();
const times: number[] = [];
for (let id = 1; id <= DECISIONS; id++) {
  const started = performance.now();
  const d = decide({ rules, ticket: { id, category: id % 2 ? 'Hardware' : 'Network', priority: 'Normal' }, agents: state, lastAssigned, cursors, now });
  times.push(performance.now() - started);
  if ('assignee' in d) {
    cursors.set(d.group, d.assignee);
    const a = state.get(d.assignee)!;
    a.load = id % 3 ? a.load + 1 : Math.max(0, a.load - 2);
  }
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
process.stdout.write(`routing decision CPU at ${AGENTS} agents, ${DECISIONS} decisions: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (goal p95 ≤ 5 ms)\n`);

// 2. Presence: a ticket every 5 s for 10 minutes (a pinned clock), the sources read before each decision.
const emulator = await startEmulator({ seed: 'none' });
for (const a of agents) emulator.data.insert('SD_Agents', { Title: a, SD_Email: a, SD_IsActive: true });
const graph = createGraphClient({ ...connectionFor(emulator), logger: createLogger({ level: 'error' }) });
let clock = now;
const availability = createAvailability({ graph, slack: undefined, logger: createLogger({ level: 'error' }), now: () => clock });
const MINUTES = sized(10, 2);
const wallStart = performance.now();
for (let t = 0; t < MINUTES * 60_000; t += 5_000) {
  clock = now + t;
  await availability.signals(agents, needsOf(rules.groups));
}
const presence = emulator.counters.get('POST communications/getPresencesByUserId');
const lookups = emulator.counters.get('GET users/{id}');
process.stdout.write(`presence requests per minute at ${AGENTS} agents: ${(presence / MINUTES).toFixed(2)} (goal 1); ${presence} in ${MINUTES} min, ${MINUTES * 12} routed tickets; user-id look-ups once per agent: ${lookups}\n`);
process.stdout.write(`wall for the presence run: ${Math.round(performance.now() - wallStart)} ms; load average ${loadAverage()}\n`);
await emulator.close();

// 3. Requests per routed ticket: batches of new tickets, each routed by one real poll cycle (Teams presence read, cached a minute).
const BATCHES = sized(20, 2);
const BATCH = sized(10, 4);
/** What a cycle costs whatever it routes: the delta queries, the token, the cached agents list and presence. */
const AMORTISED = ['GET SD_Tickets/items', 'GET SD_Comments/items', 'POST /token', 'GET SD_Agents/items', 'POST communications/getPresencesByUserId', 'GET users/{id}'];
const desk = await startRoutedDesk({ ...HARDWARE, groups: [{ ...HARDWARE.groups[0], availability: { teamsPresence: true } }] });
try {
  await desk.poll();
  desk.emu.counters.reset();
  const ids: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    for (let i = 0; i < BATCH; i++) ids.push(desk.file(`Bench ticket ${b}-${i}`));
    await desk.poll();
  }
  const routed = ids.filter((id) => desk.assignee(id) !== '').length;
  const counts = desk.emu.counters.all();
  const perTicket = Object.entries(counts).filter(([route, n]) => n > 0 && !AMORTISED.includes(route));
  const sum = perTicket.reduce((t, [, n]) => t + n, 0);
  const amortised = AMORTISED.filter((r) => counts[r]).map((r) => `${r} ${counts[r]}`).join(', ');
  process.stdout.write(`Graph requests per routed ticket: ${(sum / Math.max(1, routed)).toFixed(2)} (goal 1 PATCH); ${routed} of ${ids.length} tickets routed in ${BATCHES} cycles: ${perTicket.map(([r, n]) => `${r} ${n}`).join(', ')}\n`);
  process.stdout.write(`amortised over the ${BATCHES} cycles: ${amortised}; load average ${loadAverage()}\n`);
} finally {
  await desk.close();
}
