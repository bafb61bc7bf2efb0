/**
 * A tile's image (SHELL-028 thumbnail sizes): fetched only when the tile comes near the viewport,
 * with the bearer token like every image of the app (useImageView: an <img src> cannot carry it),
 * and shown by a lazy <img> whose width and height are the thumbnail's, in a square box, so
 * nothing moves when it arrives.
 */
import { useEffect, useRef, useState } from 'react';
import { useImageView } from '../../components/record/image-view';

export function LazyThumbnail({ url, size, alt }: { url: string | null; size: number; alt: string }) {
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
  const view = useImageView(url && near ? url : null);
  const state = !url ? 'none' : !near ? 'pending' : view.state === 'none' ? 'none' : view.state === 'shown' ? 'loaded' : view.state === 'failed' ? 'failed' : 'pending';
  return (
    <div ref={box} className="catalog-thumb" data-image={state}>
      {view.state === 'shown' && url && near
        ? <img src={view.src} alt={alt} width={size} height={size} loading="lazy" decoding="async" />
        : <span className="catalog-thumb__empty">{state === 'none' ? 'No image' : state === 'failed' ? 'Image unavailable' : ''}</span>}
    </div>
  );
}
