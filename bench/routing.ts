/**
 * Routing (issue 42): the decision's CPU at 200 agents (goal p95 ≤ 5 ms), and the Graph presence
 * requests per minute at 200 agents (goal 1), routing a ticket every 5 s for 10 minutes against
 * the embedded site (real HTTP; one getPresencesByUserId takes up to 650 ids). The assignment's
 * PATCH is the poll cycle's wiring's, not measured here.
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
