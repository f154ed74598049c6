/**
 * What a tour of the product counts, on any platform: each button kind it saw (a verb and a stable
 * label), where it first saw one, whether it clicked one, and what each click answered. The tour
 * fails on a kind it saw but does not list (a new button nobody clicks), on a listed kind it never
 * saw, and on any click that answered an error, a usage text or nothing at all.
 */

/** One kind of button: what its handler is (the verb) and how it reads (its label, ids and titles taken out). */
export interface ButtonKind {
  verb: string;
  label: string;
}

export const kindKey = (k: ButtonKind) => `${k.verb} | ${k.label}`;

/** A button's label as a kind: ticket numbers, a count (at its end or between words, "Hand over N tickets"), times, people's names and what follows a colon (a ticket's title) taken out. */
export function stableLabel(title: string, names: readonly string[] = []): string {
  let label = title;
  for (const name of names) label = label.split(name).join('<name>');
  return label
    .replace(/#\d+/g, '#N')
    .replace(/\s\d+$/, ' N')
    .replace(/\b\d{1,2}:\d{2}\b/g, 'HH:MM')
    .replace(/(?<=\s)\d+(?=\s)/g, 'N')
    .replace(/:(\s.*)?$/s, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What one click answered, in words for the failure list. */
export interface ClickOutcome {
  kind: string;
  where: string;
  /** Undefined when the click did what a person expects; else what went wrong. */
  problem?: string;
}

/**
 * Words that mean the answer is a command's usage or a "say which…" refusal, not a result: the
 * error view's "Usage:" line, or a sentence asking for what the button should have carried. A hint
 * that names a command beside a result ("No answers yet. Add one with `answers add <name>`") is not.
 */
const USAGE = [/\bUsage:/, /\bVerwendung:/, /^(Say which|Welche|Sagen Sie)\b[^`]*`[^`]*<[^>`]+>/m];

export function isUsageText(text: string): boolean {
  return USAGE.some((re) => re.test(text));
}

/** The tour's tally: kinds seen and clicked, and every click's outcome. */
export class Coverage {
  readonly seen = new Map<string, string>();
  readonly clicked = new Set<string>();
  readonly outcomes: ClickOutcome[] = [];

  saw(kind: ButtonKind, where: string): void {
    const key = kindKey(kind);
    if (!this.seen.has(key)) this.seen.set(key, where);
  }

  record(outcome: ClickOutcome): void {
    this.clicked.add(outcome.kind);
    this.outcomes.push(outcome);
  }

  /** Kinds seen that the committed list does not name. */
  unlisted(expected: readonly string[]): string[] {
    return [...this.seen.keys()].filter((k) => !expected.includes(k)).map((k) => `${k}  (first on ${this.seen.get(k)})`);
  }

  /** Kinds the committed list names that the tour never saw. */
  unseen(expected: readonly string[]): string[] {
    return expected.filter((k) => !this.seen.has(k));
  }

  /** Kinds seen but never clicked. */
  unclicked(): string[] {
    return [...this.seen.keys()].filter((k) => !this.clicked.has(k));
  }

  /** Each failing click, once per kind and problem. */
  failures(): string[] {
    const out = new Set<string>();
    for (const o of this.outcomes) if (o.problem) out.add(`${o.kind} on ${o.where}: ${o.problem}`);
    return [...out];
  }
}
