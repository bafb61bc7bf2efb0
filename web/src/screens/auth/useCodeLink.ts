/**
 * The e-mailed links (/confirmEmail, /confirmResetPasswordEmail?userIdentification&code): the
 * code is sent once, however often React runs the effect, since it may be single-use.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AccountAnswer } from '../../api/account';
import { once } from '../../auth/single-flight';

export function useCodeLink(
  name: string,
  call: (userIdentification: string, code: string) => Promise<AccountAnswer>,
  onSuccess: (userIdentification: string, code: string) => string,
  failurePath: string,
) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userIdentification = params.get('userIdentification') ?? '';
  const code = params.get('code') ?? '';
  useEffect(() => {
    let active = true;
    if (!userIdentification || !code) {
      navigate(failurePath, { replace: true });
      return;
    }
    once(`${name}:${userIdentification}:${code}`, () =>
      call(userIdentification, code).then(
        () => true,
        () => false,
      ),
    ).then((ok) => {
      if (active) navigate(ok ? onSuccess(userIdentification, code) : failurePath, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [name, call, onSuccess, failurePath, userIdentification, code, navigate]);
}
