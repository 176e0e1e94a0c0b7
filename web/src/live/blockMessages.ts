/** Texts of the immobilisation command (document 1 §8). */

/** What POST /report/api.php/block answers when it is accepted. */
export type BlockAnswer =
  { state: 'answered'; result: string } | { state: 'queued' | 'sent'; message: string };

const COMMAND_ERROR = 'Erro ao enviar o comando';

/**
 * The reason shown in "Erro ao enviar o comando (reason)": the answer text before its first parenthesis.
 * When the server already wrote the whole sentence, its bracketed reason is used instead of repeating it.
 */
export function blockFailureReason(body: string, statusText: string): string {
  const text = (body ?? '').trim();
  if (text.startsWith(COMMAND_ERROR)) {
    const inner = /\(([^)]*)\)/.exec(text);
    if (inner && inner[1].trim()) return inner[1].trim();
  }
  const head = text.split('(')[0].trim();
  return head || statusText || '';
}

/** The answer text of the device, or the server's note for a command still queued or unanswered. */
export function blockAnswerDetail(answer: BlockAnswer | undefined): string {
  if (!answer) return '';
  return answer.state === 'answered' ? answer.result : answer.message;
}
