/**
 * A tile's image (SHELL-028 thumbnail sizes): fetched only when the tile comes near the viewport,
 * with the bearer token like every image of the app (useImageView: an <img src> cannot carry it),
 * and shown by a lazy <img> whose width and height are the thumbnail's, in a square box, so
 * nothing moves when it arrives. `data-image` says where it is: pending, loaded, none, failed.
 */
import { useEffect, useRef, useState } from 'react';
import { useImageView } from '../../components/record/image-view';

interface Props { url: string | null; size: number; alt: string }

export function LazyThumbnail({ url, size, alt }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!url || near) return;
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') { setNear(true); return; }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { setNear(true); io.disconnect(); }
    }, { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [url, near]);
  if (url && near) return <FetchedThumbnail url={url} size={size} alt={alt} />;
  return (
    <div ref={box} className="catalog-thumb" data-image={url ? 'pending' : 'none'}>
      <span className="catalog-thumb__empty">{url ? '' : 'No image'}</span>
    </div>
  );
}

/** Mounted once the tile is near: the image is asked for from the first render. */
function FetchedThumbnail({ url, size, alt }: Props & { url: string }) {
  const view = useImageView(url);
  const state = view.state === 'shown' ? 'loaded' : view.state === 'loading' ? 'pending' : view.state;
  return (
    <div className="catalog-thumb" data-image={state}>
      {view.state === 'shown'
        ? <img src={view.src} alt={alt} width={size} height={size} loading="lazy" decoding="async" />
        : <span className="catalog-thumb__empty">{state === 'none' ? 'No image' : state === 'failed' ? 'Image unavailable' : ''}</span>}
    </div>
  );
}
