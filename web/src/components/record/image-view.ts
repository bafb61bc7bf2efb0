/** An image fetched with the bearer token, shown through an object URL that is released when it changes; no URL: no image. */
import { useEffect, useState } from 'react';
import { fetchImage } from './image-api';

export type ImageView = { state: 'loading' } | { state: 'none' } | { state: 'failed' } | { state: 'shown'; src: string };

export function useImageView(url: string | null): ImageView {
  const [view, setView] = useState<ImageView>({ state: 'loading' });
  useEffect(() => {
    if (!url) {
      setView({ state: 'none' });
      return;
    }
    const abort = new AbortController();
    let objectUrl: string | undefined;
    setView({ state: 'loading' });
    fetchImage(url, abort.signal).then(
      (blob) => {
        if (!blob) return setView({ state: 'none' });
        objectUrl = URL.createObjectURL(blob);
        setView({ state: 'shown', src: objectUrl });
      },
      (e: unknown) => {
        if ((e as Error)?.name !== 'AbortError') setView({ state: 'failed' });
      },
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return view;
}
