import { useCallback, useEffect, useRef, useState } from 'react';

export interface Fetched<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Data a screen shows: loaded when `key` changes (the filters, the page), kept on screen while a
 * new load runs, and an answer that arrives after a newer request started is dropped.
 */
export function useFetched<T>(key: string, load: () => Promise<T>): Fetched<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
