/**
 * The server as `fetch` sees it, for component tests: answers in turn or by request, what was
 * sent kept in the mock's calls. `fetch` is restored after each test (see setup.ts).
 */
import { vi } from 'vitest';

/** A JSON answer, as the server sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = Response | Promise<Response>;

/** Each request gets what `answer` gives for it; `undefined` is a request the test did not expect. */
export function fakeServer(answer: (url: string, init?: RequestInit) => Answer | undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const next = answer(url, init);
    if (!next) throw new Error(`appel inattendu : ${init?.method ?? 'GET'} ${url}`);
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Each request gets the next answer in turn; an `Error` is a network failure. */
export function serverAnswers(...answers: (Answer | Error)[]) {
  return fakeServer(() => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return next;
  });
}
