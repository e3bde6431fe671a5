// Your turn, even in another tab: the tab title and icon change while it is your turn, and an
// optional short sound marks the opponent's move (off until the player turns it on; browsers
// only allow sound after the page has been used, which a player who moves has done).

const ICON = "/favicon.svg";
const ICON_TURN = "/favicon-turn.svg";

/** Sets the tab title and icon: `turnTitle` while it is the viewer's turn, else `title`. */
export function showTurn(doc: Document, myTurn: boolean, title: string, turnTitle: string): void {
  const want = myTurn ? turnTitle : title;
  if (doc.title !== want) doc.title = want;
  const link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const href = myTurn ? ICON_TURN : ICON;
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

let audio: AudioContext | null = null;

/** A soft two-note chime (Web Audio: no file to load, nothing for the CSP to refuse). */
export function chime(): void {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    if (ctx.state === "suspended") void ctx.resume();
    const t0 = ctx.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const start = t0 + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.3);
    }
  } catch {
    /* no sound is better than an error */
  }
}
