import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret, type SecretInput } from './read-secret.ts';

/** A terminal as readSecret sees it: raw mode switched by the reader, keys typed by the test. */
function terminal() {
  const input = new PassThrough() as PassThrough & SecretInput;
  const modes: boolean[] = [];
  input.isTTY = true;
  input.setRawMode = (raw: boolean) => modes.push(raw);
  let shown = '';
  const screen = new Writable({
    write(chunk, _encoding, done) {
      shown += chunk;
      done();
    },
  });
  const type = (keys: string) => setImmediate(() => input.write(keys));
  return { input, screen, modes, shown: () => shown, type };
}

describe('mot de passe tapé au terminal', () => {
  it('ne montre rien de ce qui est tapé, demande deux fois, accepte l’effacement', async () => {
    const term = terminal();
    const secret = readSecret(term.input, term.screen);
    term.type('secret-tapé-x\u007f\r');
    setTimeout(() => term.input.write('secret-tapé-\r'), 20);
    expect(await secret).toBe('secret-tapé-');
    expect(term.shown()).toBe('Mot de passe : \nConfirmez le mot de passe : \n');
    expect(term.modes).toEqual([true, false, true, false]);
  });

  it('refuse deux saisies différentes, et s’arrête sur Ctrl-C', async () => {
    const twice = terminal();
    const different = readSecret(twice.input, twice.screen);
    twice.type('premier-essai\r');
    setTimeout(() => twice.input.write('second-essai\r'), 20);
    await expect(different).rejects.toThrow('Les deux saisies du mot de passe ne sont pas identiques.');

    const stopped = terminal();
    const interrupted = readSecret(stopped.input, stopped.screen);
    stopped.type('abc\u0003');
    await expect(interrupted).rejects.toThrow('Saisie interrompue.');
    expect(stopped.modes.at(-1)).toBe(false);
  });

  it('lit la première ligne d’une entrée redirigée (tube, fichier)', async () => {
    const pipe = new PassThrough();
    const secret = readSecret(pipe, new PassThrough());
    pipe.end('depuis-un-tube\r\nautre ligne\n');
    expect(await secret).toBe('depuis-un-tube');
  });
});
