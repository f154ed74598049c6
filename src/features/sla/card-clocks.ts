/** What agents' ticket cards show of SLA clocks, as the tracker keeps it in each ticket's record. */
import type { CardClock } from '../../core/sla';
import type { Clock } from './clock';

/** What a card shows of a clock: its state (a passed warning included) and the instant that goes with it. */
export function cardClock(c: Clock): CardClock {
  const warned = c.crossed.some((t) => t.kind === 'warning');
  const state: CardClock['state'] = c.state === 'running' && warned ? 'warning' : c.state;
  const at = c.state === 'met' ? c.stoppedAt : c.state === 'paused' ? undefined : c.breachedAt ?? c.due;
  return { kind: c.kind, state, ...(at !== undefined ? { at } : {}) };
}

/** Whether two settles of a ticket show the same on its card. */
export function sameCard(a: readonly CardClock[] | undefined, b: readonly CardClock[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((c, i) => c.kind === y[i].kind && c.state === y[i].state && c.at === y[i].at);
}
