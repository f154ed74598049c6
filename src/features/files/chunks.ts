/** Reading a byte stream in fixed-size pieces, so a file passes through in chunks and is never held whole. */

/** Pieces of exactly `size` bytes (the last may be shorter), and whether the stream has more. */
export interface ChunkReader {
  /** The next `size` bytes, fewer only at the end; undefined when nothing is left. */
  read(size: number): Promise<Buffer | undefined>;
  /** True when the stream has nothing left (reads ahead one network piece to know). */
  ended(): Promise<boolean>;
}

/** A ChunkReader over any async stream of bytes (a fetch body, a Node stream). */
export function chunkReader(source: AsyncIterable<Uint8Array>): ChunkReader {
  const it = source[Symbol.asyncIterator]();
  let carry: Buffer[] = [];
  let carried = 0;
  let done = false;

  async function pull(): Promise<boolean> {
    if (done) return false;
    const next = await it.next();
    if (next.done) {
      done = true;
      return false;
    }
    const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    carry.push(piece);
    carried += piece.length;
    return true;
  }

  return {
    async read(size) {
      while (carried < size && (await pull()));
      if (carried === 0) return undefined;
      const all = carry.length === 1 ? carry[0] : Buffer.concat(carry, carried);
      const out = Buffer.from(all.subarray(0, Math.min(size, carried)));
      const rest = all.subarray(out.length);
      carry = rest.length ? [Buffer.from(rest)] : [];
      carried = rest.length;
      return out;
    },
    async ended() {
      while (carried === 0 && (await pull()));
      return carried === 0;
    },
  };
}
