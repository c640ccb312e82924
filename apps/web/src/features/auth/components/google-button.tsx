import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { PublicUser } from '@jara/shared';
import { useConfig } from '../api/get-config';
import { googleSignIn } from '../api/auth-calls';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';

const GIS_SRC = 'https://accounts.google.com/gsi/client';
let gisPromise: Promise<void> | null = null;

/** Loads Google Identity Services once, and only when a client id is configured. */
function loadGis(): Promise<void> {
  gisPromise ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = GIS_SRC;
    s.async = true;
    s.defer = true;
    s.onload = () => resolve();
    s.onerror = () => {
      gisPromise = null;
      reject(new Error('Google sign-in is unavailable right now.'));
    };
    document.head.appendChild(s);
  });
  return gisPromise;
}

export function GoogleButton({ onSignedIn }: { onSignedIn: (user: PublicUser, message?: string) => void }) {
  const t = useT('auth');
  const { data: config } = useConfig();
  const clientId = config?.googleClientId ?? null;
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGis()
      .then(() => {
        if (cancelled || !ref.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            googleSignIn(credential)
              .then((res) => onSignedInRef.current(res.user, res.message))
              .catch((err: unknown) => toast.error(errorMessage(err)));
          },
        });
        window.google.accounts.id.renderButton(ref.current, {
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          width: Math.min(360, ref.current.clientWidth || 320),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId || failed) return null;
  return (
    <div className="mt-5">
      <div className="mb-4 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-stone-500">
        <span className="h-px flex-1 bg-stone-200" /> {t('auth.or')} <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div ref={ref} className="flex min-h-11 justify-center" data-testid="google-button" />
    </div>
  );
}
