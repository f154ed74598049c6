/**
 * What the agent who clicked "Hand over" is told: the truth of each ticket, in their language.
 * Which went to whom; which are being handed over (their write is owed, and the poll cycle finishes
 * it without another click); which stay theirs and why (nobody can take it now, it changed
 * meanwhile, the one picked cannot take tickets, the hand-over could not be saved: type `away`
 * again). All moved is a success; anything else is a warning.
 */
import { confirm } from '../../commands/respond';
import type { Reply } from '../../commands/types';
import type { Translate } from '../../i18n';
import type { Handed } from './handover';

/** The answer to a hand-over of `handed` (every open ticket the click read; each list by ticket number); `nameOf` gives an agent's display name. */
export function handOverAnswer(t: Translate, all: Handed[], nameOf: (address: string) => string): Reply {
  const handed = [...all].sort((a, b) => a.ticketId - b.ticketId);
  const count = handed.length;
  const to = (h: Handed) => ('to' in h ? nameOf(h.to) : '');
  const line = (h: Handed) => t('routing:handOff.line', { id: h.ticketId, to: to(h) });
  const moved = handed.filter((h) => h.outcome === 'moved');
  const later = handed.filter((h) => h.outcome === 'later');
  const kept = handed.filter((h) => h.outcome !== 'moved' && h.outcome !== 'later');
  if (kept.length === count && kept.every((h) => h.outcome === 'nobody')) return confirm(t('routing:handOff.none', { count }), 'private', 'warning');
  const parts = [moved.length > 0
    ? t('routing:handOff.done', { moved: moved.length, count, list: moved.map(line).join(', ') })
    : t('routing:handOff.noneYet', { count })];
  if (later.length > 0) parts.push(t('routing:handOff.later', { count: later.length, list: later.map(line).join(', ') }));
  if (kept.length > 0) {
    const why = kept.map((h) => t(`routing:handOff.why.${h.outcome}`, { id: h.ticketId, to: to(h) }));
    parts.push(t('routing:handOff.kept', { count: kept.length, list: why.join(', ') }));
  }
  return confirm(parts.join('\n'), 'private', moved.length === count ? 'success' : 'warning');
}
