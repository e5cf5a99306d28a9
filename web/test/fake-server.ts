/**
 * The server as `fetch` sees it, for component tests: answers in turn or by request, what was
 * sent kept in the mock's calls. `fetch` is restored after each test (see setup.ts). Every answer
 * is held to the contract's response schema of the endpoint called (contract-check.ts): a fake the
 * real server could not send fails the test after it ran (setup.ts).
 */
import { vi } from 'vitest';
import { contractProblem } from './contract-check.ts';

let problems: string[] = [];

/** The fake answers of the test just run that the real server could not have sent; the list starts over. */
export function takeContractProblems() {
  const taken = problems;
  problems = [];
  return taken;
}

/** A JSON answer, as the server sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = Response | Promise<Response>;

/** Each request gets what `answer` gives for it; `undefined` is a request the test did not expect. */
export function fakeServer(answer: (url: string, init?: RequestInit) => Answer | undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const next = answer(url, init);
    const method = init?.method ?? 'GET';
    if (!next) throw new Error(`appel inattendu : ${method} ${url}`);
    const res = await next;
    const problem = await contractProblem(method, url, res);
    if (problem) problems.push(problem);
    return res;
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
