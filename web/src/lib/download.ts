import type { EndpointDef, EndpointQuery } from '@guichet/contract';
import { ApiError, DENIED_URL, endpointUrl, UNREACHABLE } from './api.ts';

/** The file name a response asks for (RFC 6266: `filename*` first, for accented names). */
export function attachmentName(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * Downloads a file (a CSV export) through fetch rather than a plain link, so that the page
 * knows when it starts and ends, and a refusal is handled like any other call: 401 goes to
 * the login page, another error is thrown with the server's French message instead of being
 * saved as a file. `onProgress` receives the bytes received so far.
 */
export async function downloadFile<E extends EndpointDef>(
  endpoint: E,
  query: EndpointQuery<E>,
  onProgress?: (bytes: number) => void,
) {
  let res: Response;
  try {
    res = await fetch(endpointUrl(endpoint, { query: query as object }), {
      credentials: 'same-origin',
      headers: { accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (res.status === 401) {
    window.location.assign(DENIED_URL);
    return new Promise<never>(() => {});
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, body.message ?? "L'export n'a pas pu être préparé.");
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body.getReader();
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    try {
      step = await reader.read();
    } catch {
      throw new ApiError(0, "L'export a été interrompu. Réessayez.");
    }
    if (step.done) break;
    chunks.push(step.value);
    received += step.value.byteLength;
    onProgress?.(received);
  }
  const fallback = endpoint.path.split('/').pop() ?? 'export';
  const name = attachmentName(res.headers.get('content-disposition'), `${fallback}.csv`);
  const url = URL.createObjectURL(new Blob(chunks, { type: res.headers.get('content-type') ?? 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
