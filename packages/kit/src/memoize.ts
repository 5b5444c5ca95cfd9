/**
 * `make` run once per key, its result kept for the life of the process: for what depends only on
 * static data (a language's texts, a picture's outline). Callers must not change what they get.
 */
export function memoize<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
