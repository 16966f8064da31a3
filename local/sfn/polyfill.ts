/**
 * `Promise.withResolvers` (ES2024) is missing on Node 20, and aws-local-stepfunctions calls it in every
 * Task state: without it each Task fails with a TypeError. Import this module before the interpreter runs.
 * A no-op on Node 22+, where the built-in exists.
 */
type Resolvers<T> = {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
};

const ctor = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };

if (typeof ctor.withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    enumerable: false,
    value: <T>(): Resolvers<T> => {
      let resolve!: Resolvers<T>['resolve'];
      let reject!: Resolvers<T>['reject'];
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export {};
