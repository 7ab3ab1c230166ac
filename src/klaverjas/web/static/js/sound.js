// The card table's sounds, made in the browser with the Web Audio API: no sound files, nothing from the network.
// Each is short and soft and goes through one quiet master gain. The setting is kept in localStorage (the header's
// ♠♥ menu changes it); off, no AudioContext is made at all. Browsers let a page sound only once it has had a click
// or a key, and a hidden tab should keep still: until then a sound is simply not made, and a browser without Web
// Audio plays on in silence.
const KEY = 'klaverjas.sound';
const VOLUME = 0.22;
const NOISE_SECONDS = 1;
const QUIET = 0.0001;  // the envelopes' floor: an exponential ramp cannot reach 0
let audio = null;  // { context, out, noise, since } once the first sound has made them
let failed = false;  // the browser could not make them: no more tries

// Whether the page has had a click or a key: navigator.userActivation says so where the browser has it, else the
// page listens for one itself.
let touched = false;
if (!navigator.userActivation) {
  const touch = () => { touched = true; };
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, touch, { once: true, capture: true });
}
const activated = () => (navigator.userActivation ? navigator.userActivation.hasBeenActive : touched);

export function soundOn() { return localStorage.getItem(KEY) !== '0'; }
export function setSound(on) {
  localStorage.setItem(KEY, on ? '1' : '0');
  if (!on && audio) {
    try { audio.context.close().catch(() => {}); } catch { /* closed already */ }
    audio = null;
  }
}

// The context, made on the first sound after a click or a key; null when sound is off, the tab hidden, or the
// browser cannot.
function ready() {
  if (failed || !soundOn() || document.hidden || !activated()) return null;
  try {
    if (!audio) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      const context = new Context();
      const out = context.createGain();
      out.gain.value = VOLUME;
      out.connect(context.destination);
      audio = { context, out, noise: noiseBuffer(context), since: performance.now() };
    }
    const { context } = audio;
    if (context.state !== 'running') {
      context.resume().catch(() => {});
      // A new context starts a moment after it is made, its clock at 0: sounds asked meanwhile keep their spacing.
      // One that ran and was stopped (or never got to start) would play everything asked meanwhile at once on
      // resuming, so those are left out.
      if (context.currentTime > 0 || performance.now() - audio.since > 1000) return null;
    }
    return audio;
  } catch {
    failed = true;
    return null;
  }
}

function noiseBuffer(context) {
  const buffer = context.createBuffer(1, context.sampleRate * NOISE_SECONDS, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return buffer;
}

// Makes a sound with `make(audio)` if it may sound now; a browser whose Web Audio falls short stays silent.
function play(make) {
  const a = ready();
  if (!a) return;
  try { make(a); } catch { /* silent */ }
}

// Every sound takes `delay` in seconds from now: sounds asked together are spaced on the audio clock.
function at(a, delay) { return a.context.currentTime + Math.max(0, delay); }

// A slice of white noise through a band-pass filter under a rise-and-fall envelope: paper on paper. `sweep` moves
// the band to that frequency over the sound (the swish of cards slid together).
function rustle(a, when, { length, freq, q = 1, level, rise = 0.003, sweep = null }) {
  const { context } = a;
  const source = context.createBufferSource();
  source.buffer = a.noise;
  const filter = context.createBiquadFilter();
  filter.type = 'bandpass';
  filter.Q.value = q;
  filter.frequency.setValueAtTime(freq, when);
  if (sweep) filter.frequency.exponentialRampToValueAtTime(sweep, when + length);
  const gain = context.createGain();
  gain.gain.setValueAtTime(QUIET, when);
  gain.gain.exponentialRampToValueAtTime(level, when + rise);
  gain.gain.exponentialRampToValueAtTime(QUIET, when + length);
  source.connect(filter);
  filter.connect(gain);
  gain.connect(a.out);
  // Each time another slice of the noise, so that no two cards sound quite alike.
  source.start(when, Math.random() * (NOISE_SECONDS - length), length);
}

// One soft note; `muffle` takes its brightness away (a low-pass filter at that frequency).
function note(a, when, { freq, length, level, type = 'sine', muffle = null }) {
  const { context } = a;
  const osc = context.createOscillator();
  osc.type = type;
  osc.frequency.value = freq;
  const gain = context.createGain();
  gain.gain.setValueAtTime(QUIET, when);
  gain.gain.exponentialRampToValueAtTime(level, when + 0.012);
  gain.gain.exponentialRampToValueAtTime(QUIET, when + length);
  osc.connect(gain);
  if (muffle) {
    const filter = context.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = muffle;
    gain.connect(filter);
    filter.connect(a.out);
  } else {
    gain.connect(a.out);
  }
  osc.start(when);
  osc.stop(when + length + 0.02);
}

// A card laid on the felt: a short papery snap.
export function card(delay = 0) {
  play((a) => rustle(a, at(a, delay), { length: 0.05, freq: 2400 + Math.random() * 500, q: 0.9, level: 0.9 }));
}

// A trick gathered to its winner: a soft swish, rising as the cards slide together.
export function trick(delay = 0) {
  play((a) => rustle(a, at(a, delay), { length: 0.28, freq: 700, sweep: 2600, q: 0.7, level: 0.3, rise: 0.1 }));
}

// A new deal: a light riffle, a tick for each card as it comes into the hand (`gap` seconds apart, as play.css
// deals them).
export function deal(count, gap) {
  play((a) => {
    for (let i = 0; i < count; i++) {
      rustle(a, at(a, i * gap), { length: 0.025, freq: 3200 + Math.random() * 800, q: 1.2, level: 0.45, rise: 0.002 });
    }
  });
}

// Our turn, after others have played: two quiet, high notes a fourth apart.
export function turn(delay = 0) {
  play((a) => {
    note(a, at(a, delay), { freq: 659.26, length: 0.2, level: 0.22 });
    note(a, at(a, delay + 0.09), { freq: 880, length: 0.26, level: 0.2 });
  });
}

// The deal's end: 'good' (we made it, or they went nat) rises through a major chord; 'bad' (we went nat) falls low
// and muffled; 'plain' (they made theirs) is two quiet notes stepping down.
const FIGURES = {
  good: { freqs: [523.25, 659.26, 783.99], gap: 0.1, level: 0.3 },
  plain: { freqs: [587.33, 493.88], gap: 0.12, level: 0.2 },
  bad: { freqs: [293.66, 220], gap: 0.16, level: 0.3, muffle: 900 },
};
export function dealEnd(mood) {
  const figure = FIGURES[mood] || FIGURES.plain;
  play((a) => figure.freqs.forEach((freq, i) => note(a, at(a, i * figure.gap),
    { freq, length: 0.34, level: figure.level, type: 'triangle', muffle: figure.muffle })));
}
