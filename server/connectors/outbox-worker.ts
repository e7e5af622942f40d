// The loop that sends an outbox (issue #33): the e-mail outbox (server/mail/mail-delivery.ts)
// and the CRM outbox (server/crm/crm-outbox.ts) each keep their rows in a table written in
// the transaction of what caused them; this takes what is due, claims each row before
// sending it (so two servers of a cluster never send the same one, and a server killed
// mid-send leaves a claim that runs out), sends it, and looks again every `pollMs`, or at
// once when `kick()` says a row was written.

export interface OutboxWorkerSource<Row> {
  /** The oldest rows due at `at` (a page of them; the worker asks again until none). */
  due(at: Date): Promise<Row[]>;
  /** Takes the row for this server; false when another server took it first. */
  claim(row: Row, at: Date): Promise<boolean>;
  /** Sends a claimed row and records its outcome; true when it was sent. */
  send(row: Row): Promise<boolean>;
}

export interface OutboxWorker {
  /** Sends what is due now; answers how many it sent (tests, and the poll). */
  runOnce(): Promise<number>;
  start(): void;
  /** A row was written: look now rather than at the next poll. */
  kick(): void;
  /** Resolves once the run under way (if any) is over. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface OutboxWorkerOptions<Row> {
  source: OutboxWorkerSource<Row>;
  now: () => Date;
  pollMs: number;
  /** What the log says when a run fails as a whole ("Could not send the e-mail outbox"). */
  failureText: string;
  log(message: string, error?: unknown): void;
}

export function createOutboxWorker<Row>(options: OutboxWorkerOptions<Row>): OutboxWorker {
  const { source, now, log } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const at = now();
      const rows = await source.due(at);
      if (rows.length === 0) return sent;
      let claimedAny = false;
      for (const row of rows) {
        if (closed) return sent;
        if (!(await source.claim(row, at))) continue;
        claimedAny = true;
        if (await source.send(row)) sent += 1;
      }
      // Everything due was another server's: leave it to them until the next poll.
      if (!claimedAny) return sent;
    }
  }

  function runOnce(): Promise<number> {
    if (running) return running.then(() => runOnce());
    const run = drain().finally(() => {
      running = null;
    });
    running = run;
    return run;
  }

  /** A run whose failure is logged; a kick during it asks for one more right after. */
  function runLogged(): Promise<void> {
    return runOnce()
      .then(
        () => undefined,
        (error: unknown) => log(options.failureText, error),
      )
      .then(() => {
        if (!again || closed) return;
        again = false;
        return runLogged();
      });
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      void runLogged().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      void runLogged().finally(schedule);
    },
    kick() {
      if (closed) return;
      if (running) again = true;
      else void runLogged();
    },
    async settled() {
      while (running) await running.catch(() => undefined);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
