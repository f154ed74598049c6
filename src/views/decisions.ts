/**
 * Every writing button and form carries a decision: an id minted when the view is built, sent back
 * with the click, claimed by the command layer before the write (src/commands/once.ts). Two clicks
 * on one button, or two submits of one form, carry the same id and act once.
 */
import { randomFillSync } from 'node:crypto';
import { DECISION_KEY } from '../core/decisions';
import type { FormView } from './form-types';
import type { ActionView } from './types';

/** Which verbs write when clicked (the registry's `actsOnce`). */
export type ActsOnce = (verb: string) => boolean;

/** Random bytes drawn from the system's generator a page at a time: a draw per id cost about 12 µs under load, a page of 455 ids about 0.1 µs each. */
const pool = Buffer.alloc(4096);
let taken = pool.length;

/** A new decision id: 72 random bits, short enough for any button. */
export function newDecision(): string {
  if (taken + 9 > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  taken += 9;
  return pool.toString('base64url', taken - 9, taken);
}

/** The action with a decision in its data when its verb writes and it has none yet. */
export function decidedAction<A extends ActionView>(action: A, acts: ActsOnce): A {
  if (!acts(action.verb) || action.data?.[DECISION_KEY]) return action;
  return { ...action, data: { ...action.data, [DECISION_KEY]: newDecision() } };
}

/** The form with a decision among the values its submit carries, when its submit writes and it has none yet. */
export function decidedForm<F extends FormView>(form: F, acts: ActsOnce): F {
  if (!acts(form.submitVerb) || form.hidden?.[DECISION_KEY]) return form;
  return { ...form, hidden: { ...form.hidden, [DECISION_KEY]: newDecision() } };
}

const isAction = (o: Record<string, unknown>): o is Record<string, unknown> & ActionView => typeof o.verb === 'string' && typeof o.title === 'string';
const isForm = (o: Record<string, unknown>): o is Record<string, unknown> & FormView => typeof o.submitVerb === 'string' && typeof o.form === 'string';

/**
 * The view with a decision on every writing button and form in it, whatever screen it is (a
 * feature's own compositions too); ids already there are kept, so a view shown again acts as one.
 * What holds no writing button is returned as it is, not copied: a screen built once (help, a
 * memoized list) stays the same object, so what channels cache by it stays cached.
 */
export function withDecisions<T>(view: T, acts: ActsOnce): T {
  if (Array.isArray(view)) {
    let out: unknown[] | undefined;
    view.forEach((item, i) => {
      const decided = withDecisions(item, acts);
      if (decided !== item) (out ??= view.slice())[i] = decided;
    });
    return (out ?? view) as T;
  }
  if (!view || typeof view !== 'object') return view;
  let o = view as Record<string, unknown>;
  if (isAction(o)) o = decidedAction(o, acts);
  if (isForm(o)) o = decidedForm(o, acts);
  let out: Record<string, unknown> | undefined = o === view ? undefined : o;
  for (const [k, v] of Object.entries(o)) {
    if (k === 'data' || k === 'hidden') continue;
    const decided = withDecisions(v, acts);
    if (decided !== v) (out ??= { ...o })[k] = decided;
  }
  return (out ?? view) as T;
}
