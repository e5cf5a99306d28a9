import { describe, expect, it } from 'vitest';
import { afterResponseQueue } from './after-response.ts';

describe('tâches faites après la réponse', () => {
  it('ne commencent qu’après le tour en cours, une à la fois, dans l’ordre', async () => {
    const queue = afterResponseQueue({ error: () => {} });
    const seen: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    queue.run('a', async () => {
      seen.push('a début');
      await gate;
      seen.push('a fin');
    });
    queue.run('b', async () => {
      seen.push('b');
    });
    seen.push('réponse');
    await Promise.resolve();
    expect(seen).toEqual(['réponse']);
    const settled = queue.settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['réponse', 'a début']);
    release();
    await settled;
    expect(seen).toEqual(['réponse', 'a début', 'a fin', 'b']);
  });

  it('une tâche en échec est journalisée avec son nom, et les suivantes passent', async () => {
    const errors: { obj: object; msg: string }[] = [];
    const queue = afterResponseQueue({ error: (obj, msg) => errors.push({ obj, msg }) });
    const done: string[] = [];
    queue.run('lien-perdu', async () => {
      throw new Error('base indisponible');
    });
    queue.run('suivante', async () => {
      done.push('suivante');
    });
    await queue.settle();
    expect(done).toEqual(['suivante']);
    expect(errors).toHaveLength(1);
    expect(errors[0].obj).toMatchObject({ tache: 'lien-perdu', err: new Error('base indisponible') });
  });

  it('settle attend aussi les tâches ajoutées par une tâche', async () => {
    const queue = afterResponseQueue({ error: () => {} });
    const done: string[] = [];
    queue.run('première', async () => {
      queue.run('ajoutée', async () => {
        done.push('ajoutée');
      });
    });
    await queue.settle();
    expect(done).toEqual(['ajoutée']);
  });
});
