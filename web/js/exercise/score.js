// The exercise's score: the streak (right answers in a row, retries included), this browser's
// best streak, and the set's score, first answers only, in all and per kind of question
// ("next", "h", "f", "admissible"). A retry of a missed question (the panel's Try again) is
// practice: it moves the streak, not the set's score.
import { readBestStreak, saveBestStreak } from './exercise_progress.js';

export const kKindWords = Object.freeze({ next: 'next cell', h: 'h', f: 'f', admissible: 'admissible' });

// A new set's counters, the streak carried on.
export const newPlace = (seed, streak = 0) => ({ seed, index: 0, streak, right: 0, asked: 0, kinds: {} });

export class ExerciseScore {
  constructor() {
    this.best = readBestStreak();
  }

  // Counts an answer to a question of `kind` in place (see the head of this file).
  record(place, kind, ok, retry) {
    if (!retry) {
      const k = place.kinds[kind] ?? { right: 0, asked: 0 };
      place.kinds[kind] = { right: k.right + (ok ? 1 : 0), asked: k.asked + 1 };
      place.asked += 1;
      if (ok) place.right += 1;
    }
    place.streak = ok ? place.streak + 1 : 0;
    if (place.streak > this.best) {
      this.best = place.streak;
      saveBestStreak(this.best);
    }
  }

  // "Streak 2 · best 5 · 3 of 4 right in this set (next cell 1 of 2, h 1 of 1, f 1 of 1)".
  words(place) {
    const kinds = Object.keys(kKindWords).filter((k) => place.kinds[k]?.asked > 0)
      .map((k) => `${kKindWords[k]} ${place.kinds[k].right} of ${place.kinds[k].asked}`);
    return `Streak ${place.streak} · best ${this.best} · ${place.right} of ${place.asked} right in this set` +
      (kinds.length ? ` (${kinds.join(', ')})` : '');
  }
}
