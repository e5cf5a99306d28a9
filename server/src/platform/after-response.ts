import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work a public route answers before doing (`app.afterResponse`): the answer then takes the same
 * time whatever the work finds, and a slow piece of work holds no request. Tasks run one at a
 * time, in order, each after the current turn of the event loop (the answer is written first).
 * A failed task is logged with its name, never thrown away; `settle()` waits until every task
 * queued so far, and those they queued, is done (tests, and the server before it closes the
 * database).
 */
export type AfterResponse = {
  run: (name: string, task: () => Promise<void>) => void;
  settle: () => Promise<void>;
};

export type AfterResponseLog = { error: (obj: object, msg: string) => void };

export function afterResponseQueue(log: AfterResponseLog): AfterResponse {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(name, task) {
      tail = tail
        .then(() => nextTurn())
        .then(task)
        .catch((err: unknown) => log.error({ err, tache: name }, 'tâche faite après la réponse : échec'));
    },
    async settle() {
      for (let seen = tail; ; ) {
        await seen;
        if (seen === tail) return;
        seen = tail;
      }
    },
  };
}
