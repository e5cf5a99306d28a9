/**
 * What `make` gives, made at the first call rather than at start (a module to load, an app to
 * build), then shared by every later call. A failure is not kept: the next call tries again.
 */
export function loadOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      const attempt = make();
      made = attempt;
      attempt.catch(() => {
        if (made === attempt) made = undefined;
      });
    }
    return made;
  };
}
