// @ts-check
// Short sounds made in the page with the Web Audio API (nothing is downloaded): a click for a
// tile laid, a rustle for a draw, a two-note chime for «Ваш ход», a rising phrase for a deal
// won and a falling one for a deal lost. `SOUNDS` is data (tested in node); `play` needs a
// browser and does nothing without Web Audio. Soft on purpose: a card table, not a slot machine.

/** @typedef {import("./cues.js").Cue} Cue */
/** @typedef {{ at: number, dur: number, freq?: number, to?: number, noise?: boolean, gain: number }} Note */

/** Each cue's notes: start and length in seconds, a pitch in Hz (or filtered noise), a level. */
/** @type {Record<Cue, Note[]>} */
export const SOUNDS = {
  tile: [{ at: 0, dur: 0.05, freq: 1800, to: 900, gain: 0.18 }],
  draw: [{ at: 0, dur: 0.16, noise: true, freq: 2500, gain: 0.12 }],
  turn: [{ at: 0, dur: 0.14, freq: 660, gain: 0.16 }, { at: 0.13, dur: 0.22, freq: 880, gain: 0.16 }],
  won: [{ at: 0, dur: 0.14, freq: 523, gain: 0.15 }, { at: 0.12, dur: 0.14, freq: 659, gain: 0.15 },
    { at: 0.24, dur: 0.32, freq: 784, gain: 0.15 }],
  lost: [{ at: 0, dur: 0.18, freq: 440, gain: 0.13 }, { at: 0.16, dur: 0.34, freq: 349, gain: 0.13 }],
};

/** The longest sound, in seconds (a test keeps every one short). */
export function longest() {
  return Math.max(...Object.values(SOUNDS).map((notes) => Math.max(...notes.map((n) => n.at + n.dur))));
}

/** @type {AudioContext|null} */
let context = null;
/** The last sounds started: a test can tell a sound was made without hearing it. */
export const played = /** @type {Cue[]} */ ([]);

/** The page's one AudioContext, made on first use; browsers start it only after a gesture. */
function audio() {
  const Ctor = /** @type {any} */ (globalThis).AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
  if (!Ctor) return null;
  if (!context) context = /** @type {AudioContext} */ (new Ctor());
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** A gesture lets the context start: call on the first tap so the first chime is heard. */
export function unlock() {
  audio();
}

/** Play *cue* now (silently nothing where Web Audio is missing). */
export function play(/** @type {Cue} */ cue) {
  const ctx = audio();
  played.push(cue);
  if (played.length > 20) played.shift();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  for (const note of SOUNDS[cue]) {
    const gain = ctx.createGain();
    const t0 = start + note.at;
    // a quick rise and an exponential fall: no clicks at either end
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(note.gain, t0 + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.dur);
    gain.connect(ctx.destination);
    if (note.noise) {
      const frames = Math.ceil(ctx.sampleRate * note.dur);
      const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      const filter = ctx.createBiquadFilter();
      filter.type = "bandpass";
      filter.frequency.value = note.freq ?? 2000;
      source.connect(filter).connect(gain);
      source.start(t0);
      source.stop(t0 + note.dur);
    } else {
      const osc = ctx.createOscillator();
      osc.type = "sine";
      osc.frequency.setValueAtTime(note.freq ?? 440, t0);
      if (note.to) osc.frequency.exponentialRampToValueAtTime(note.to, t0 + note.dur);
      osc.connect(gain);
      osc.start(t0);
      osc.stop(t0 + note.dur + 0.02);
    }
  }
}
