import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportBody } from './reportForm';
import { asResults, isEmptyAnswer, type ReportResult } from './resultModel';
import { downloadFile, failureText, fetchReportFile, fetchReportJson, isAbort, showPdf } from './runReport';

export interface ReportRun {
  running: boolean;
  results: ReportResult[] | null;
  /** The server's refusal or failure, for the "Erro" dialog. */
  error: string | null;
  /** The run found nothing: the "Oops!" dialog. */
  empty: boolean;
  run: (endpoint: string, body: ReportBody) => void;
  cancel: () => void;
  dismiss: () => void;
}

/** One report run at a time: JSON shown on screen, files opened or downloaded; cancellable. */
export function useReportRun(): ReportRun {
  const controller = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<ReportResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback((endpoint: string, body: ReportBody) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    // The tab is opened while the click is being handled, so popup blockers let it through.
    const tab = body.format === 'pdf' ? window.open('', '_blank') : null;
    setRunning(true);
    setError(null);
    setEmpty(false);
    void (async () => {
      try {
        if (body.format === 'json') {
          const answer = asResults(await fetchReportJson(endpoint, body, abort.signal));
          if (isEmptyAnswer(answer)) {
            setResults(null);
            setEmpty(true);
          } else setResults(answer);
        } else {
          const file = await fetchReportFile(endpoint, body, abort.signal);
          if (body.format === 'pdf') showPdf(file, tab);
          else downloadFile(file);
        }
      } catch (e) {
        tab?.close();
        if (!isAbort(e)) setError(failureText(e));
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setRunning(false);
        }
      }
    })();
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setRunning(false);
  }, []);

  const dismiss = useCallback(() => {
    setError(null);
    setEmpty(false);
  }, []);

  return { running, results, error, empty, run, cancel, dismiss };
}
