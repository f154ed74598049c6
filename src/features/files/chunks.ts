/**
 * Reading a byte stream in fixed-size pieces, so a file passes through in chunks and is never held
 * whole. Each network piece is copied into the caller's chunk buffer as it arrives (only the tail
 * of the last one is kept), so the pieces die young and one buffer serves a whole upload.
 */

/** Pieces of exactly the buffer's size (the last may be shorter), and whether the stream has more. */
export interface ChunkReader {
  /** Fills `into` from the stream and returns the filled part (a view of `into`); fewer bytes only at the end, undefined when nothing is left. */
  read(into: Buffer): Promise<Buffer | undefined>;
  /** True when the stream has nothing left (reads ahead one network piece to know). */
  ended(): Promise<boolean>;
}

/** A ChunkReader over any async stream of bytes (a fetch body, a Node stream). */
export function chunkReader(source: AsyncIterable<Uint8Array>): ChunkReader {
  const it = source[Symbol.asyncIterator]();
  let rest: Uint8Array | undefined;
  let done = false;

  async function next(): Promise<Uint8Array | undefined> {
    if (rest) {
      const r = rest;
      rest = undefined;
      return r;
    }
    if (done) return undefined;
    const n = await it.next();
    if (n.done) {
      done = true;
      return undefined;
    }
    return n.value;
  }

  return {
    async read(into) {
      let filled = 0;
      while (filled < into.length) {
        const piece = await next();
        if (!piece) break;
        const take = Math.min(piece.length, into.length - filled);
        into.set(take === piece.length ? piece : piece.subarray(0, take), filled);
        filled += take;
        if (take < piece.length) rest = piece.subarray(take);
      }
      return filled === 0 ? undefined : into.subarray(0, filled);
    },
    async ended() {
      while (!rest || rest.length === 0) {
        rest = undefined;
        if (done) return true;
        const n = await it.next();
        if (n.done) {
          done = true;
          return true;
        }
        rest = n.value;
      }
      return false;
    },
  };
}
