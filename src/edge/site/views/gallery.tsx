import type { Photo } from '../../../domain/listing-model/model.js';

/** Where a photo of the gallery is: the target of the arrows' links. */
export const photoAnchor = (n: number) => `photo-${n}`;

/**
 * A listing's photos, one at a time, each whole (letterboxed, never cropped). Without script:
 * the row scrolls sideways and snaps to a photo (a swipe on a phone), and each photo carries
 * its count ("2 / 5") and links to the previous and next ones (`#photo-2`), which scroll the row
 * there; the ends wrap round. The row is a labelled region a keyboard can focus, to scroll it.
 */
export function Gallery({ photos }: { photos: Photo[] }): JSX.Element {
  if (photos.length === 0) return '';
  const total = photos.length;
  return (
    <div class="gallery" role="region" aria-label={`Photos de l’annonce (${total})`} tabindex="0">
      <ol class="slides">
        {photos.map((photo, index) => {
          const n = index + 1;
          return (
            <li class="slide" id={photoAnchor(n)}>
              <figure>
                <div class="frame">
                  <img
                    src={photo.url}
                    alt={photo.label ?? `Photo ${n} de l’annonce`}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchpriority={index === 0 ? 'high' : undefined}
                    decoding="async"
                    referrerpolicy="no-referrer"
                    width="800"
                    height="600"
                  />
                  {total > 1 ? (
                    <>
                      <a class="arrow prev" href={`#${photoAnchor(n === 1 ? total : n - 1)}`}>
                        <span aria-hidden="true">‹</span>
                        <span class="sr">Photo précédente</span>
                      </a>
                      <a class="arrow next" href={`#${photoAnchor(n === total ? 1 : n + 1)}`}>
                        <span aria-hidden="true">›</span>
                        <span class="sr">Photo suivante</span>
                      </a>
                    </>
                  ) : (
                    ''
                  )}
                </div>
                <figcaption>
                  {total > 1 ? (
                    <span class="photo-count">
                      <span aria-hidden="true" safe>
                        {`${n} / ${total}`}
                      </span>
                      <span class="sr" safe>
                        {`Photo ${n} sur ${total}`}
                      </span>
                    </span>
                  ) : (
                    ''
                  )}
                  {photo.label === null ? '' : <span safe>{photo.label}</span>}
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
