import type { DataTag } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { ResourceSeedContext, resourceKey as seedKey, type ResourceSeed } from './resource-seed';

// A read of the API for the islands of a page, without a query-cache library (TanStack Query
// would add 13 KB to every page that reads: issue 24's budget). It takes the same
// `xxxQuery()` descriptions the server prefetches with, so the key and the address stay in one
// place. Islands of one page share a read by its key (a booking made in one refreshes the
// sessions another shows). The server's data comes with the page (boot state `data`): the
// first render of an island is the server's, and nothing is fetched twice.

/** What useResource needs of a TanStack `queryOptions(...)` description. */
export interface ReadSpec<T> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the error type is not used
  queryKey: DataTag<readonly unknown[], T, any>;
  queryFn?: unknown;
}

export interface ResourceState<T> {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'success' | 'error';
  fetching: boolean;
}

const pendingState: ResourceState<never> = { data: undefined, error: null, status: 'pending', fetching: false };

class Resource<T> {
  state: ResourceState<T>;
  /** What the server rendered: React compares hydration against it. */
  readonly initial: ResourceState<T>;
  private readonly listeners = new Set<() => void>();
  private inFlight: Promise<void> | null = null;

  constructor(
    private load: () => Promise<T>,
    seeded: boolean,
    seed: T | undefined,
  ) {
    this.initial = seeded ? { data: seed, error: null, status: 'success', fetching: false } : pendingState;
    this.state = this.initial;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  get = () => this.state;
  getInitial = () => this.initial;

  private set(next: Partial<ResourceState<T>>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  /** Replaces the data (an answer of a write that returns the new state). */
  setData(data: T) {
    this.set({ data, error: null, status: 'success' });
  }

  /** Reads again; concurrent calls share one request. A failure keeps the last data. */
  refetch(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.set({ fetching: true });
    this.inFlight = this.load().then(
      (data) => {
        this.inFlight = null;
        this.set({ data, error: null, status: 'success', fetching: false });
      },
      (error: unknown) => {
        this.inFlight = null;
        this.set({ error, status: this.state.data === undefined ? 'error' : 'success', fetching: false });
      },
    );
    return this.inFlight;
  }

  setLoader(load: () => Promise<T>) {
    this.load = load;
  }
}

// One registry per browser page. The server never keeps one: its reads belong to a request.
const registry = new Map<string, Resource<unknown>>();

function resourceFor<T>(spec: ReadSpec<T>, seed: ResourceSeed): Resource<T> {
  const key = seedKey(spec.queryKey);
  const load = () => (spec.queryFn as () => Promise<T>)();
  const seeded = Object.hasOwn(seed.data, key);
  if (typeof window === 'undefined') {
    seed.read?.add(key);
    return new Resource<T>(load, seeded, seed.data[key] as T | undefined);
  }
  let r = registry.get(key) as Resource<T> | undefined;
  if (!r) {
    r = new Resource<T>(load, seeded, seed.data[key] as T | undefined);
    registry.set(key, r);
  } else r.setLoader(load);
  return r;
}

export interface UseResourceOptions<T> {
  /** Reads again after this many milliseconds while the tab is visible (false: never). */
  refetchInterval?: (data: T | undefined) => number | false;
}

/**
 * The data of one read for a component: the server's first, then fetched on mount when the
 * page came without it (a failed read on the server, or data the server must not read, such as
 * a token's order). `refetch` reads again; `setData` puts a write's answer in place.
 */
export function useResource<T>(spec: ReadSpec<T>, options: UseResourceOptions<T> = {}) {
  const seed = useContext(ResourceSeedContext);
  const r = resourceFor(spec, seed);
  const state = useSyncExternalStore(r.subscribe, r.get, r.getInitial);
  const interval = options.refetchInterval?.(state.data);

  useEffect(() => {
    if (r.state.status === 'pending' && !r.state.fetching) void r.refetch();
  }, [r]);

  useEffect(() => {
    if (!interval) return;
    // Paused while the tab is hidden; one read as soon as it shows again.
    let timer = 0;
    const tick = () => {
      window.clearTimeout(timer);
      if (document.visibilityState === 'visible') timer = window.setTimeout(() => void r.refetch().then(tick), interval);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void r.refetch().then(tick);
      else window.clearTimeout(timer);
    };
    tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [r, interval]);

  const refetch = useCallback(() => r.refetch(), [r]);
  const setData = useCallback((data: T) => r.setData(data), [r]);
  return {
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isFetching: state.fetching,
    refetch,
    setData,
  };
}

/** Reads a key again wherever it is shown on this page (after a write that changes it). */
export function refreshResource<T>(spec: ReadSpec<T>): void {
  if (typeof window === 'undefined') return;
  void registry.get(seedKey(spec.queryKey))?.refetch();
}

/** Puts a write's answer in place for every island showing that key. */
export function setResourceData<T>(spec: ReadSpec<T>, data: T): void {
  if (typeof window === 'undefined') return;
  const r = registry.get(seedKey(spec.queryKey)) as Resource<T> | undefined;
  if (r) r.setData(data);
  else {
    const created = new Resource<T>(() => (spec.queryFn as () => Promise<T>)(), true, data);
    registry.set(seedKey(spec.queryKey), created);
  }
}
