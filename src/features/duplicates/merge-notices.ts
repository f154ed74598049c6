/**
 * What a merge changes in the notifications (the poll cycle's hook): the duplicate's resolution
 * reaches its requester as one DM saying where their question went, with no resolution DM and no
 * survey (a merge is not a resolution); and from then on they get the kept ticket's DMs too.
 */
import type { MergePorts } from '../../core/merges';
import { addressKey, sameAddress } from '../../core';
import { translator } from '../../i18n';
import type { ChangeSet, PersonTarget, Target } from '../../notify/ports';

/** The targets of one change set with merges taken into account, and whether another feature may add a send (a survey). */
export function createMergeRouting(merges: MergePorts) {
  return async (set: ChangeSet, targets: Target[]): Promise<{ targets: Target[]; followUps: boolean }> => {
    const ticket = set.ticket;
    const into = set.events.some((e) => e.kind === 'resolved') ? await merges.mergedInto(ticket.id) : undefined;
    if (into !== undefined) {
      const told = targets.map((t): Target => {
        if (t.type !== 'person' || t.reason !== 'requester') return t;
        return { ...t, text: translator(t.locale)('duplicates:mergedDm', { id: ticket.id, title: ticket.title, target: into }) };
      });
      return { targets: told, followUps: false };
    }
    const followers = await merges.followersOf(ticket.id);
    const requesterDm = targets.find((t): t is PersonTarget => t.type === 'person' && t.reason === 'requester');
    if (!followers.length || !requesterDm) return { targets, followUps: true };
    const actor = set.events.find((e) => e.actorEmail)?.actorEmail;
    const told = new Set(targets.flatMap((t) => (t.type === 'person' ? [addressKey(t.email)] : [])));
    const more = followers
      .filter((f) => !told.has(addressKey(f)) && !sameAddress(f, actor) && !sameAddress(f, ticket.submittedByEmail))
      .map((f): PersonTarget => ({ ...requesterDm, email: addressKey(f) }));
    return { targets: [...targets, ...more], followUps: true };
  };
}
