import { sendJson } from '../api/client';

/** PUT `/api/{endpoint}/{id}` for an existing item, POST `/api/{endpoint}` for a new one; answers the saved item. */
export async function saveItem<T extends { id?: number }>(endpoint: string, body: T): Promise<T | undefined> {
  const path = body.id ? `/api/${endpoint}/${body.id}` : `/api/${endpoint}`;
  try {
    return await sendJson<T>(body.id ? 'PUT' : 'POST', path, body);
  } catch (error) {
    // A save that succeeded but answered something unreadable still succeeded (document 1 §8).
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
