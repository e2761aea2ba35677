// The Picture and Video controls: a PNG of the current view at the map's own size, and a video
// of the search (WebM, or MP4 where the browser records no WebM) at the chosen speed with its
// progress. Both save a file named after the map.
import { $, saveBlob, fileBaseName } from './dom.js';
import { pictureBlob } from './export_image.js';
import { recordSearch, videoFormat, NoVideoDataError } from './export_video.js';

export function bindExportPanel({ store, controller, view, messages }) {
  const renderer = view.renderer;
  $('export-png').addEventListener('click', async () => {
    try {
      const { blob, width, height, cellPx } = await pictureBlob(renderer);
      const name = `${fileBaseName(store.engine.name())}.png`;
      saveBlob(blob, name);
      messages.show(`Saved ${name} (${width} x ${height} pixels, ${cellPx} per cell).`);
    } catch (e) {
      messages.show(`Could not save the picture: ${e.message}`, 'error');
    }
  });
  const record = $('record-video'), progress = $('record-progress');
  let format = videoFormat();
  // Said next to the button, not only in its tooltip: phones have no hover.
  const cannotRecord = (why) => {
    format = null;
    record.disabled = true;
    const note = $('record-note');
    note.textContent = `This browser cannot record video (${why}).`;
    note.hidden = false;
  };
  if (!format) {
    cannotRecord('neither WebM nor MP4');
  } else {
    record.title = `Record the search, start to finish, as a ${format.label} video`;
  }
  record.addEventListener('click', async () => {
    controller.reset();  // the recorder steps the search itself
    record.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    try {
      const speed = Number($('video-speed').value);
      const { blob, frames, extension } = await recordSearch({ store, pageRenderer: renderer, speed, onProgress: (f) => { progress.value = f; } });
      const name = `${fileBaseName(store.engine.name())}.${extension}`;
      saveBlob(blob, name);
      messages.show(`Saved ${name} (${frames} frames, ${(blob.size / 1024).toFixed(0)} KB).`);
    } catch (e) {
      if (e instanceof NoVideoDataError) cannotRecord(`its recorder gave no data for ${format.label}`);
      messages.show(`Could not record the video: ${e.message}`, 'error');
    } finally {
      record.disabled = !format;
      progress.hidden = true;
      controller.announce();
    }
  });
}
