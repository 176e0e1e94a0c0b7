/** Document 1 §8: "Error {status}: {statusText}" plus the server text before a parenthesis or hyphen. */
export function formatSaveError(status: number, statusText: string, body: string): string {
  const reason = (body ?? '').split(/[(-]/)[0].trim();
  const head = `Error ${status}: ${statusText}`.trim();
  return reason ? `${head} ${reason}` : head;
}
