import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` (compared by value: pass a string or a number). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
