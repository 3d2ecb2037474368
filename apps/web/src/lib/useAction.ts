import { useEffect, useRef, useState } from 'react';

export interface ActionCallbacks<TResult> {
  onSuccess?: (data: TResult) => void;
  onError?: (error: unknown) => void;
}

export interface Action<TInput, TResult> {
  /** Runs the call; the callbacks of the last run only, and only while the component is mounted. */
  mutate: (input: TInput, callbacks?: ActionCallbacks<TResult>) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

type State<TResult> =
  { status: 'idle' | 'pending' | 'error'; data?: undefined; error?: unknown } | { status: 'success'; data: TResult; error?: undefined };

/**
 * One call made on the user's demand, with its state: TanStack Query's `useMutation` subset that the
 * public pages use (mutate with onSuccess/onError, isPending, isSuccess, isError, error), without
 * TanStack Query, which the login page thus does not download (the signed-in app loads it).
 * `onSuccess` of the hook runs first (the data's side effects), then the call's callbacks.
 */
export function useAction<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  onSuccess?: (data: TResult) => void,
): Action<TInput, TResult> {
  const [state, setState] = useState<State<TResult>>({ status: 'idle' });
  const mounted = useRef(true);
  const latest = useRef(0);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = (input: TInput, callbacks?: ActionCallbacks<TResult>) => {
    const id = ++latest.current;
    const current = () => mounted.current && id === latest.current;
    setState({ status: 'pending' });
    run(input).then(
      (data) => {
        onSuccess?.(data);
        if (!current()) return;
        setState({ status: 'success', data });
        callbacks?.onSuccess?.(data);
      },
      (error: unknown) => {
        if (!current()) return;
        setState({ status: 'error', error });
        callbacks?.onError?.(error);
      },
    );
  };

  return {
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error,
  };
}
