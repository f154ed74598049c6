/**
 * The clocks' status roles, until statuses' roles are configured: done, new and working come from
 * the desk's vocabulary (src/core/vocabulary.ts); a status named like "Waiting" or "On hold" pauses.
 * The one place to point at the configured roles once they exist.
 */
import { statusRole } from '../core/vocabulary';
import type { RoleOf } from './clock';

const WAITING = /^(waiting|on hold|pending)\b/i;

/** Each status's role for the clocks; a status with no role counts as working. */
export function slaRoleOf(): RoleOf {
  return (status) => {
    const role = statusRole(status);
    if (role !== 'other') return role;
    return WAITING.test(status.trim()) ? 'waiting' : undefined;
  };
}
