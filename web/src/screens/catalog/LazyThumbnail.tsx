/**
 * A tile's image (SHELL-028 thumbnail sizes): fetched only when the tile comes near the viewport
 * (a tile already near when it shows asks at once, before the first paint; the others when an
 * IntersectionObserver says so), with the bearer token like every image of the app (useImageView:
 * an <img src> cannot carry it), and shown by an <img> whose width and height are the thumbnail's,
 * in a square box, so nothing moves when it arrives. The fetch is the lazy part: the <img> shows
 * bytes already in memory, so it is not `loading="lazy"` (that would wait for another layout
 * before decoding) and decodes off the main thread. `data-image` says where it is: pending,
 * loaded, none, failed.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useImageView } from '../../components/record/image-view';

/** How far outside the viewport a tile counts as near (its image is fetched). */
const NEAR_PX = 400;

interface Props {
  url: string | null;
  size: number;
  alt: string;
}

export function LazyThumbnail({ url, size, alt }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  // Before the first paint: a tile in or near the viewport needs no observer's first report (a frame later).
  useLayoutEffect(() => {
    if (!url || near || !box.current) return;
    const r = box.current.getBoundingClientRect();
    if (r.bottom > -NEAR_PX && r.top < window.innerHeight + NEAR_PX) setNear(true);
  }, [url, near]);
  useEffect(() => {
    if (!url || near) return;
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: `${NEAR_PX}px 0px` },
    );
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
      {view.state === 'shown' ? (
        <img src={view.src} alt={alt} width={size} height={size} decoding="async" />
      ) : (
        <span className="catalog-thumb__empty">{state === 'none' ? 'No image' : state === 'failed' ? 'Image unavailable' : ''}</span>
      )}
    </div>
  );
}
