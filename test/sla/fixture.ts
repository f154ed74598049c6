/** Shared fixture for the SLA tests: the example policy, Berlin wall times in and out. */
import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { parsePolicy, type SlaPolicy } from '../../src/features/sla/policy';
import type { RoleOf } from '../../src/features/sla/clock';

export const EXAMPLE = readFileSync(new URL('../../examples/sla.json', import.meta.url), 'utf8');

/** The example policy, changed by `edit` on its parsed JSON. */
export async function policy(edit: (json: Record<string, any>) => void = () => {}): Promise<SlaPolicy> {
  const json = JSON.parse(EXAMPLE);
  edit(json);
  const result = await parsePolicy(JSON.stringify(json), 'sla.json');
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.policy;
}

/** A Berlin wall time ("2026-12-23T15:00") as an instant. */
export function at(local: string, zone = 'Europe/Berlin'): number {
  const dt = DateTime.fromISO(local, { zone });
  if (!dt.isValid) throw new Error(`bad time ${local}`);
  return dt.toMillis();
}

/** An instant as Berlin wall time with weekday and offset ("Mon 2026-12-28 10:00 +01:00"). */
export function wall(ms: number | undefined, zone = 'Europe/Berlin'): string | undefined {
  return ms === undefined ? undefined : DateTime.fromMillis(ms, { zone }).toFormat('ccc yyyy-MM-dd HH:mm ZZ', { locale: 'en' });
}

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** The roles of the statuses used in these tests. */
export const roleOf: RoleOf = (status) =>
  ({ New: 'new', 'In progress': 'working', 'Waiting for customer': 'waiting', Resolved: 'done', Closed: 'done' }) [status] as ReturnType<RoleOf>;
