import { useState } from 'react';
import { readListSearch, writeListSearch } from './listSearchMemory';

/** A list's search text; with a key it is kept between visits (see listSearchMemory). */
export function useListSearch(key: string | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(() => readListSearch(key));
  const change = (next: string) => {
    setText(next);
    writeListSearch(key, next);
  };
  return [text, change];
}
