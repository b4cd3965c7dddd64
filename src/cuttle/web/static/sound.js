// Move sounds made with the Web Audio API (no files), off unless the player turns them on;
// the choice is kept in localStorage.
const KEY = "cuttle.sound";
let ctx = null;

/** Whether sound is on. */
export function soundOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

/** Turn sound on or off (call from a click: browsers start audio only after a gesture). */
export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode */ }
  if (on && !ctx && window.AudioContext) ctx = new AudioContext();
  if (on) play("mine");
}

const TONES = {
  move: [[520, 0.06]],
  mine: [[660, 0.07], [880, 0.09]],
  counter: [[300, 0.08], [240, 0.1]],
  win: [[523, 0.1], [659, 0.1], [784, 0.18]],
  lose: [[392, 0.12], [330, 0.2]],
};

/** Play the short sound `kind` (move, mine, counter, win, lose) if sound is on. */
export function play(kind) {
  if (!soundOn()) return;
  if (!ctx && window.AudioContext) ctx = new AudioContext();
  if (!ctx) return;
  let t = ctx.currentTime;
  for (const [freq, dur] of TONES[kind] || TONES.move) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "triangle";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.18, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + dur + 0.02);
    t += dur * 0.9;
  }
}
