/** Holds every call of a part of the store until its migrations ran (they are async, the store's constructor on SQLite is not). */

/** `part` with each method (nested ones too) first awaiting `ready()`. */
export function gated<T extends object>(part: T, ready: () => Promise<unknown>): T {
  return new Proxy(part, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value === 'function') return (...args: unknown[]) => ready().then(() => Reflect.apply(value, target, args));
      if (value !== null && typeof value === 'object') return gated(value, ready);
      return value;
    },
  });
}
