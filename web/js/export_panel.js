// The Picture and Video controls: a PNG of the current view at the map's own size, and a WebM
// video of the search at the chosen speed with its progress. Both save a file named after the map.
import { $, saveBlob, fileBaseName } from './dom.js';
import { pictureBlob } from './export_image.js';
import { recordSearch, videoType } from './export_video.js';

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
  if (!videoType()) {
    record.disabled = true;
    record.title = 'This browser cannot record WebM video.';
  }
  record.addEventListener('click', async () => {
    controller.reset();  // the recorder steps the search itself
    record.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    try {
      const speed = Number($('video-speed').value);
      const { blob, frames } = await recordSearch({ store, pageRenderer: renderer, speed, onProgress: (f) => { progress.value = f; } });
      const name = `${fileBaseName(store.engine.name())}.webm`;
      saveBlob(blob, name);
      messages.show(`Saved ${name} (${frames} frames, ${(blob.size / 1024).toFixed(0)} KB).`);
    } catch (e) {
      messages.show(`Could not record the video: ${e.message}`, 'error');
    } finally {
      record.disabled = false;
      progress.hidden = true;
      controller.announce();
    }
  });
}
