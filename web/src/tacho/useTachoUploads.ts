import { useCallback, useRef, useState } from 'react';
import { MAX_FILE_BYTES } from '@frota/core';
import { uploadTachoFile } from './tachoApi';
import { runUploads, type UploadItem } from './uploadQueue';

/** The browser's uploads of this visit: start several files at once, follow each, clear the finished ones. */
export function useTachoUploads(onUploaded: () => void, tooLarge: string) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(1);

  const update = useCallback(
    (key: number, change: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const start = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const firstKey = nextKey.current;
      nextKey.current += files.length;
      setItems((list) => [
        ...list,
        ...files.map<UploadItem>((file, index) => ({
          key: firstKey + index,
          name: file.name,
          size: file.size,
          state: 'waiting',
          progress: 0,
        })),
      ]);
      // A file over the server's limit is refused here, with the server's words, before it is sent.
      const send = async (file: File, onProgress: (fraction: number) => void) => {
        if (file.size > MAX_FILE_BYTES) throw new Error(tooLarge);
        const answer = await uploadTachoFile(file, onProgress);
        onUploaded();
        return answer;
      };
      void runUploads(files, firstKey, send, update);
    },
    [onUploaded, update, tooLarge],
  );

  const clearFinished = useCallback(
    () => setItems((list) => list.filter((item) => item.state === 'waiting' || item.state === 'sending')),
    [],
  );

  return { items, start, clearFinished };
}
