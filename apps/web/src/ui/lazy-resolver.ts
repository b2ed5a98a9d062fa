import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver loaded on first use, with a way to start loading it earlier. */
export interface LazyResolver<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  /** Starts the load (e.g. when the person starts typing); safe to call any number of times. */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose module (zod and the contract's schemas) is fetched at the first
 * validation rather than with the screen, so that the sign-in screen shows without zod
 * (docs/architecture.md "What each screen loads"). Validation is asynchronous either way.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (network) is tried again at the next validation.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
