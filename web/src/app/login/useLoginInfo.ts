import { useEffect, useState } from 'react';
import { getJson } from '../../api/client';
import type { ClientDetails } from '../../api/types';
import { fetchVersion } from '../versionCheck';

export interface LoginInfo {
  /** The client's title (white label), when it has one. */
  title?: string;
  /** The client details, for the contacts dialog. */
  details?: ClientDetails;
  version?: string;
}

/**
 * The login page's title and version, fetched once with plain requests: the data cache and its library
 * load with the logged-in application, not with the login page.
 */
export function useLoginInfo(): LoginInfo {
  const [info, setInfo] = useState<LoginInfo>({});
  useEffect(() => {
    let live = true;
    void getJson<ClientDetails>('/report/api.php/client_details')
      .then((details) => live && setInfo((old) => ({ ...old, details, title: details.title || undefined })))
      .catch(() => undefined);
    void fetchVersion()
      .then((version) => live && setInfo((old) => ({ ...old, version })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return info;
}
