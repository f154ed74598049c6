/** IN lists are chunked to stay under SQLite's bound-parameter limit. */
export function chunked<T>(items: T[], run: (chunk: T[]) => void, size = 500): void {
  for (let i = 0; i < items.length; i += size) run(items.slice(i, i + size));
}
