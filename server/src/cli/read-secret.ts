import type { Readable, Writable } from 'node:stream';

/** What reading a secret needs of standard input: a terminal (raw mode) or a pipe. */
export type SecretInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export class SecretInputError extends Error {}

/**
 * A password for `npm run user` without `--password`, so it never lands in the shell history or in
 * the process list: typed at a prompt that echoes nothing (asked twice), or piped on standard
 * input (its first line, e.g. from a secrets manager).
 */
export async function readSecret(input: SecretInput, prompt: Writable): Promise<string> {
  if (input.isTTY && input.setRawMode) {
    const first = await readHidden(input, prompt, 'Mot de passe : ');
    const again = await readHidden(input, prompt, 'Confirmez le mot de passe : ');
    if (first !== again) throw new SecretInputError('Les deux saisies du mot de passe ne sont pas identiques.');
    return first;
  }
  let text = '';
  input.setEncoding('utf8');
  for await (const chunk of input) {
    text += chunk;
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0];
}

/** One line typed in raw mode: nothing is echoed; Backspace edits, Ctrl-C or Ctrl-D gives up. */
function readHidden(input: SecretInput, prompt: Writable, question: string): Promise<string> {
  prompt.write(question);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      prompt.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new SecretInputError('Saisie interrompue.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}
