import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { refusalText, runUploads, type UploadItem } from './uploadQueue';

const files = (...names: string[]) => names.map((name) => new File([name], name));

describe('tacho uploads', () => {
  it('sends every file, at most two at once, and a refusal does not stop the others', async () => {
    const items = new Map<number, Partial<UploadItem>>();
    let running = 0;
    let most = 0;
    // each upload ends when the test lets it: the oldest one, once as many as may run have started
    const started: Array<() => void> = [];
    let onStart: () => void = () => undefined;
    const send = async (file: File, onProgress: (fraction: number) => void) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => {
        started.push(resolve);
        onStart();
      });
      onProgress(0.5);
      running -= 1;
      if (file.name === 'b.pdf')
        throw new ApiError(400, 'Bad Request', 'b.pdf: O ficheiro não é um ficheiro de tacógrafo válido');
    };
    const startedAtLeast = (n: number) =>
      new Promise<void>((resolve) => {
        onStart = () => {
          if (started.length >= n) resolve();
        };
        onStart();
      });
    const done = runUploads(files('a.ddd', 'b.pdf', 'c.ddd', 'd.ddd'), 10, send, (key, change) =>
      items.set(key, { ...items.get(key), ...change }),
    );
    for (let i = 0; i < 4; i++) {
      await startedAtLeast(Math.min(i + 2, 4));
      started[i]();
    }
    await done;
    expect(most).toBe(2);
    expect([...items.keys()].sort()).toEqual([10, 11, 12, 13]);
    expect(items.get(10)).toMatchObject({ state: 'done', progress: 1 });
    expect(items.get(11)).toMatchObject({
      state: 'refused',
      message: 'O ficheiro não é um ficheiro de tacógrafo válido',
    });
    expect(items.get(13)?.state).toBe('done');
  });

  it("shows the server's refusal without the file's name, else its status", () => {
    expect(
      refusalText(new ApiError(400, 'Bad Request', 'O tamanho máximo permitido é de 5 MB'), 'x.ddd'),
    ).toBe('O tamanho máximo permitido é de 5 MB');
    expect(refusalText(new ApiError(403, 'Forbidden', ''), 'x.ddd')).toBe('Error 403: Forbidden');
    expect(refusalText(new Error('O tamanho máximo permitido é de 5 MB'), 'x.ddd')).toBe(
      'O tamanho máximo permitido é de 5 MB',
    );
  });
});
