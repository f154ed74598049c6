/**
 * A strict reading of one JSON text: the keys that appear more than once in one object (JSON.parse
 * silently keeps the last, log collectors take either or reject the line). Throws on invalid JSON.
 */
export function duplicateKeys(text: string): string[] {
  JSON.parse(text); // validity; the scan below only tracks keys
  const dups: string[] = [];
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const str = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: string): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const seen = new Set<string>();
      ws();
      while (text[i] !== '}') {
        ws();
        const key = str();
        if (seen.has(key)) dups.push(`${path}${key}`);
        seen.add(key);
        ws();
        i++; // ':'
        value(`${path}${key}.`);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '[') {
      i++;
      ws();
      while (text[i] !== ']') {
        value(path);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      str();
    } else {
      while (i < text.length && !',}] \t\r\n'.includes(text[i])) i++;
    }
  };
  value('');
  return dups;
}
