/**
 * A bound on the pages one process renders at once, and on how fast they start. Rendering is CPU
 * work on the one event loop, and a render that reads only in-process data (SQLite) never waits
 * for I/O: begun as its request arrives, it runs to its end before the loop reads the next
 * request, so a burst of renders holds every other request (kept pages, static files, health
 * checks) until the whole burst is done. So every render waits for its slot in a queue, and at
 * most one starts per turn of the loop, after the loop has answered what arrived meanwhile.
 *
 * At most `max` run at once (renders that wait for a database over the network overlap); a render
 * waits `waitMs` at most, behind `queueMax` others at most; past either it is refused, and the
 * server answers with a kept copy or a 503 with Retry-After (site.ts). First come, first served.
 */
export interface RenderSlots {
  /** Runs `render` in a slot, or answers undefined when none came free in time. */
  run<T>(render: () => Promise<T>): Promise<T | undefined>;
  /** Renders running and waiting, for the tests. */
  load(): { running: number; waiting: number };
}

export interface RenderSlotsOptions {
  max: number;
  queueMax: number;
  waitMs: number;
}

export function renderSlots({ max, queueMax, waitMs }: RenderSlotsOptions): RenderSlots {
  let running = 0;
  const waiting: Array<() => void> = [];
  let scheduled = false;

  /** Starts the first waiting render on the loop's next turn, when a slot is free. */
  const schedule = () => {
    if (scheduled || waiting.length === 0 || running >= max) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const start = waiting.shift();
      if (!start || running >= max) return;
      running++;
      start();
      schedule();
    });
  };

  /** Whether a slot was had before `waitMs`. */
  const acquire = (): Promise<boolean> => {
    if (waiting.length >= queueMax) return Promise.resolve(false);
    const { promise, resolve } = Promise.withResolvers<boolean>();
    const start = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(start), 1);
      resolve(false);
    }, waitMs);
    waiting.push(start);
    schedule();
    return promise;
  };

  return {
    async run(render) {
      if (!(await acquire())) return undefined;
      try {
        return await render();
      } finally {
        running--;
        schedule();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
