/**
 * For tests of a part that must never reach the help desk (e.g. sending notifications through a
 * channel's adapter): every call throws, so a test fails loudly if that changes. It answers
 * nothing, so it restates none of the service's rules.
 */
import type { HelpdeskService } from '../../src/helpdesk/types';

/** A HelpdeskService whose every member throws when used. */
export function noHelpdesk(why = 'this test never reaches the help desk'): HelpdeskService {
  return new Proxy({} as HelpdeskService, {
    get(_target, prop) {
      if (prop === 'then') return undefined;
      throw new Error(`help desk used (${String(prop)}): ${why}`);
    },
  });
}
