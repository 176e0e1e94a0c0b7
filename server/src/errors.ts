/** An error with an HTTP status; routes let it propagate and the error handler answers it as text. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
