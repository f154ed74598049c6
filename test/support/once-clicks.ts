/**
 * What the "every write acts once" tests share: the two ways a second click comes (at the same
 * moment, or after the first was answered), and the texts a second click must never be told.
 */

/** How the second click comes. */
export const SECOND_CLICKS = [
  { name: 'two clicks at the same moment', together: true },
  { name: 'a second click after the first was answered', together: false },
] as const;

/** Runs `click` twice, together or one after the other. */
export async function twice<T>(together: boolean, click: (n: number) => Promise<T>): Promise<T[]> {
  if (together) return Promise.all([click(1), click(2)]);
  const first = await click(1);
  return [first, await click(2)];
}

/** What a second click of a change already made must never say: a false refusal, a lost race, a retry, an error. */
export const FALSE_ANSWERS = /not posted|changed this ticket first|Submit again|already exists|Pick another name|went wrong|try again|nothing was changed/i;

/** A unique word for one test's texts. */
export const tag = (): string => Math.random().toString(36).slice(2, 8);
