/** Rounds played one after another, `roundMs` apart (none when 0), until closed. */
export interface Rounds {
  closed(): boolean;
  /** Stops the rounds; resolves once the one under way has ended. */
  close(): Promise<void>;
}

/** Plays `round` every `roundMs` (counted from the end of the previous round); 0: never by itself. */
export function repeatRounds(round: () => Promise<unknown>, roundMs: number): Rounds {
  let closed = false;
  let running: Promise<unknown> | null = null;
  const tick = async () => {
    if (closed) return;
    running = round();
    await running;
    running = null;
    if (!closed) timer = setTimeout(() => void tick(), roundMs);
  };
  let timer: NodeJS.Timeout | undefined = roundMs > 0 ? setTimeout(() => void tick(), roundMs) : undefined;
  return {
    closed: () => closed,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
