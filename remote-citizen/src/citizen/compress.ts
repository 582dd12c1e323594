// The citizens' photos: compressed by the one browser compressor (@lighting/shared/media).
import { ImageTooLarge, compressImageBlob } from '@lighting/shared/media';

export interface PickedPhoto {
  id: string;
  blob: Blob;
  name: string;
}

/** Why a picked file was not added: the spec §5 messages (the pages' word keys). */
export type PhotoRefusal = 'tooManyPhotos' | 'photoTooLarge' | 'notImage';

/**
 * The photos a citizen picked, compressed, up to `room` more: a file over the limit is refused with
 * spec §5's message (never sent as it is), a file that is not an image likewise; the last refusal is
 * returned for the page to show.
 */
export async function preparePhotos(
  files: readonly File[],
  room: number,
  newId: () => string,
  compress: (f: Blob) => Promise<Blob> = compressImageBlob,
  busy: (delta: number) => void = () => undefined,
): Promise<{ added: PickedPhoto[]; refusal: PhotoRefusal | null }> {
  let refusal: PhotoRefusal | null = files.length > room ? 'tooManyPhotos' : null;
  const added: PickedPhoto[] = [];
  for (const f of files.slice(0, Math.max(0, room))) {
    if (!f.type.startsWith('image/')) {
      refusal = 'notImage';
      continue;
    }
    busy(1);
    try {
      added.push({ id: newId(), blob: await compress(f), name: f.name });
    } catch (e) {
      refusal = e instanceof ImageTooLarge ? 'photoTooLarge' : 'notImage';
    } finally {
      busy(-1);
    }
  }
  return { added, refusal };
}
