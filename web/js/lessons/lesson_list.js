// The list of built-in lessons with this browser's progress (lesson_progress.js): the next one
// to take as a button, "All lessons, 2 of 7 done" and, opened, one line per lesson (its title, done / page n of m / not started) that
// opens it. The lesson picker's options carry the same marks.
import { $, el } from '../dom.js';

export function progressWords(p) {
  if (!p) return 'not started';
  if (p.done) return 'done';
  return `page ${p.seen + 1} of ${p.pages}`;
}

// The first lesson not done, as one button above the list (the first view's way in): "Start
// lesson 1: …", or "Continue lesson 3: …" once begun. Hidden while a lesson is open or when
// every one is done. Its file is in data-file (panel.js opens it).
function renderInvite(index, progress, current) {
  const next = index.find((l) => !progress.of(l.file)?.done), button = $('lesson-start');
  button.hidden = !next || !!current;
  if (!next) return;
  const p = progress.of(next.file);
  button.textContent = `${p ? 'Continue' : 'Start'} lesson ${index.indexOf(next) + 1}: ${next.title}${p ? ` (${progressWords(p)})` : ''}`;
  button.dataset.file = next.file;
}

// index: [{ file, title }]; progress: a LessonProgress; current: the open lesson's file or '';
// open(file): opens a lesson.
export function renderLessonList({ index, progress, current, open }) {
  renderInvite(index, progress, current);
  const files = index.map((l) => l.file);
  $('lesson-list-count').textContent = index.length ? `· ${progress.doneCount(files)} of ${index.length} done` : '';
  $('lesson-list').replaceChildren(...index.map((l, i) => {
    const p = progress.of(l.file), state = p?.done ? 'done' : p ? 'started' : 'new';
    const button = el('button', { text: `${i + 1}. ${l.title}`, cls: 'link lesson-list-open', attrs: { type: 'button', 'data-file': l.file } });
    if (l.file === current) button.setAttribute('aria-current', 'true');
    button.addEventListener('click', () => open(l.file));
    const mark = el('span', { text: state === 'done' ? '✓ done' : progressWords(p), cls: `lesson-list-state ${state}` });
    return el('li', { attrs: { 'data-file': l.file, 'data-state': state } }, [button, ' ', mark]);
  }));
  // The picker: a ✓ before finished lessons (the value stays the file name).
  for (const option of $('lesson-select').options) {
    const entry = index.find((l) => l.file === option.value);
    if (entry) option.textContent = `${progress.of(entry.file)?.done ? '✓ ' : ''}${entry.title}`;
  }
}
