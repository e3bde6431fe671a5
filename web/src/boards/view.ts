// The interactive board: selection by click-click, drag (mouse and touch through pointer
// events) and keyboard (arrow keys move between squares, Enter/Space selects), the
// promotion choice, and sending the chosen move text. Game-specific drawing is done by a
// BoardRenderer; this module knows nothing of any game's rules.

import type { I18n } from "../i18n";
import {
  type Destination,
  type MoveIndex,
  type Selection,
  destinationsOf,
  resolveDestination,
} from "./moves";

export interface BoardContext {
  selection: Selection | null;
  destinations: Map<string, Destination>;
  showLegal: boolean;
  pendingTo: string | null;
}

export interface BuiltBoard {
  svg: SVGSVGElement;
  /** Focusable cells (squares or points), by name. */
  cells: Map<string, SVGGElement>;
  /** Cell centres in SVG units, for keyboard navigation. */
  centres: Map<string, { x: number; y: number }>;
  /** Hand pieces that can be selected for a drop. */
  hands: { seat: number; piece: string; el: SVGGElement }[];
  /** The drawn piece at a cell (cloned for the drag ghost). */
  pieceAt(name: string): SVGGElement | null;
  /** Whether a cell holds a piece of the player who may act now. */
  ownPieceAt(name: string): boolean;
  /** Pictures of the piece with and without promotion, for the promotion choice. */
  promotionPictures?(
    from: Selection,
    plainText: string,
  ): { plain: SVGSVGElement; promoted: SVGSVGElement } | null;
}

export interface BoardRenderer {
  build(ctx: BoardContext): BuiltBoard;
}

export interface BoardViewInput {
  renderer: BoardRenderer;
  /**
   * The legal moves; or how to get them, asked each time the board needs them (they may come
   * from the engine in the page a moment after the state: engine/referee.ts).
   */
  legal: MoveIndex | (() => MoveIndex);
  canAct: boolean;
  showLegal: boolean;
  dash: boolean;
  pendingTo: string | null;
  /** Resets the selection when this changes (the group version). */
  key: string;
}

const NO_MOVES: MoveIndex = { fromSquare: new Map(), drops: new Map() };

export class BoardView {
  readonly root: HTMLDivElement;
  private input: BoardViewInput | null = null;
  private built: BuiltBoard | null = null;
  private selection: Selection | null = null;
  private focusName: string | null = null;
  private drag: {
    pointerId: number;
    origin: string;
    startX: number;
    startY: number;
    ghost: SVGGElement | null;
    wasSelected: boolean;
  } | null = null;
  private dialog: HTMLDivElement | null = null;

  constructor(
    private readonly i18n: I18n,
    private readonly onMove: (text: string) => void,
  ) {
    this.root = document.createElement("div");
    this.root.className = "board-view";
    this.root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.root.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.root.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.root.addEventListener("pointercancel", () => this.cancelDrag());
    this.root.addEventListener("keydown", (e) => this.keyDown(e));
  }

  update(input: BoardViewInput): void {
    const keyChanged = this.input?.key !== input.key;
    this.input = input;
    if (keyChanged || !input.canAct) {
      this.selection = null;
      this.closeDialog();
    }
    this.render();
  }

  get selected(): Selection | null {
    return this.selection;
  }

  private legal(): MoveIndex {
    const l = this.input?.legal ?? NO_MOVES;
    return typeof l === "function" ? l() : l;
  }

  private render(): void {
    const input = this.input;
    if (!input) return;
    const hadFocus = this.root.contains(document.activeElement);
    const destinations = destinationsOf(this.legal(), this.selection);
    this.built = input.renderer.build({
      selection: this.selection,
      destinations,
      showLegal: input.showLegal,
      pendingTo: input.pendingTo,
    });
    const old = this.root.querySelector("svg.board");
    if (old) old.replaceWith(this.built.svg);
    else this.root.prepend(this.built.svg);
    // Roving tab index: one cell is in the tab order, arrows move between cells.
    const names = [...this.built.cells.keys()];
    if (!this.focusName || !this.built.cells.has(this.focusName)) {
      this.focusName =
        (this.selection?.kind === "square" ? this.selection.square : null) ??
        names[Math.floor(names.length / 2)] ??
        null;
    }
    for (const [name, el] of this.built.cells)
      el.setAttribute("tabindex", name === this.focusName ? "0" : "-1");
    for (const h of this.built.hands) h.el.setAttribute("tabindex", "0");
    if (hadFocus && this.focusName && !this.dialog)
      this.built.cells.get(this.focusName)?.focus({ preventScroll: true });
  }

  // ---- activation -------------------------------------------------------------------

  private selectable(name: string): boolean {
    const input = this.input;
    if (!input || !input.canAct || input.pendingTo) return false;
    if (this.legal().fromSquare.has(name)) return true;
    return !input.showLegal && (this.built?.ownPieceAt(name) ?? false);
  }

  /** A cell was clicked, tapped, or chosen with Enter/Space. */
  activate(name: string, viaDrag = false): void {
    const input = this.input;
    if (!input || !input.canAct || input.pendingTo) return;
    const sel = this.selection;
    if (sel) {
      const dests = destinationsOf(this.legal(), sel);
      if (
        dests.has(name) ||
        (!input.showLegal &&
          !(sel.kind === "square" && sel.square === name) &&
          !this.selectable(name))
      ) {
        this.choose(sel, name);
        return;
      }
      if (sel.kind === "square" && sel.square === name) {
        if (!viaDrag) this.setSelection(null);
        return;
      }
    }
    if (this.selectable(name)) {
      this.focusName = name;
      this.setSelection({ kind: "square", square: name });
    } else {
      this.setSelection(null);
    }
  }

  activateHand(seat: number, piece: string): void {
    const input = this.input;
    if (!input || !input.canAct || input.pendingTo) return;
    const cur = this.selection;
    if (cur?.kind === "hand" && cur.piece === piece && cur.seat === seat) {
      this.setSelection(null);
      return;
    }
    if (this.legal().drops.has(piece) || !input.showLegal)
      this.setSelection({ kind: "hand", piece, seat });
  }

  private setSelection(s: Selection | null): void {
    this.selection = s;
    this.render();
  }

  private choose(sel: Selection, to: string): void {
    const input = this.input;
    if (!input) return;
    const r = resolveDestination(this.legal(), sel, to, input.dash);
    if (r.kind === "choose") {
      this.openPromotionDialog(sel, r.plain, r.promote);
      return;
    }
    this.selection = null;
    this.render();
    this.onMove(r.text);
  }

  // ---- promotion ----------------------------------------------------------------------

  private openPromotionDialog(sel: Selection, plain: string, promote: string): void {
    this.closeDialog();
    const d = document.createElement("div");
    d.className = "promotion-dialog";
    d.setAttribute("role", "dialog");
    d.setAttribute("aria-modal", "true");
    d.setAttribute("aria-label", this.i18n.t("play.promote.question"));
    const q = document.createElement("p");
    q.textContent = this.i18n.t("play.promote.question");
    d.appendChild(q);
    const pics = this.built?.promotionPictures?.(sel, plain) ?? null;
    const mk = (label: string, text: string, pic: SVGSVGElement | null, cls: string) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `promo-choice ${cls}`;
      if (pic) b.appendChild(pic);
      const span = document.createElement("span");
      span.textContent = label;
      b.appendChild(span);
      b.addEventListener("click", () => {
        this.closeDialog();
        this.selection = null;
        this.render();
        this.onMove(text);
      });
      return b;
    };
    const row = document.createElement("div");
    row.className = "promo-row";
    const yes = mk(this.i18n.t("play.promote.yes"), promote, pics?.promoted ?? null, "yes");
    row.appendChild(yes);
    row.appendChild(mk(this.i18n.t("play.promote.no"), plain, pics?.plain ?? null, "no"));
    d.appendChild(row);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "link";
    cancel.textContent = this.i18n.t("play.cancel");
    cancel.addEventListener("click", () => {
      this.closeDialog();
      this.setSelection(null);
    });
    d.appendChild(cancel);
    d.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        this.closeDialog();
        this.setSelection(null);
      }
    });
    this.dialog = d;
    this.root.appendChild(d);
    yes.focus();
  }

  private closeDialog(): void {
    if (this.dialog) {
      this.dialog.remove();
      this.dialog = null;
    }
  }

  // ---- pointer ------------------------------------------------------------------------

  private cellFromEvent(e: { clientX: number; clientY: number }): string | null {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const cell = el?.closest?.("[data-sq]");
    return cell?.getAttribute("data-sq") ?? null;
  }

  private pointerDown(e: PointerEvent): void {
    if (e.button !== 0 || this.dialog) return;
    const target = e.target as Element | null;
    const hand = target?.closest?.("[data-hand]");
    if (hand) {
      const [seat, piece] = (hand.getAttribute("data-hand") ?? "").split(":");
      this.activateHand(Number(seat), piece ?? "");
      e.preventDefault();
      return;
    }
    const name = target?.closest?.("[data-sq]")?.getAttribute("data-sq") ?? null;
    if (!name) return;
    this.focusName = name;
    e.preventDefault(); // no text selection, no emulated mouse events on touch
    const sel = this.selection;
    const isDest = sel ? destinationsOf(this.legal(), sel).has(name) : false;
    if (!isDest && this.selectable(name)) {
      const wasSelected = sel?.kind === "square" && sel.square === name;
      if (!wasSelected) this.setSelection({ kind: "square", square: name });
      this.drag = {
        pointerId: e.pointerId,
        origin: name,
        startX: e.clientX,
        startY: e.clientY,
        ghost: null,
        wasSelected,
      };
      try {
        this.root.setPointerCapture(e.pointerId);
      } catch {
        /* not all pointers can be captured */
      }
      return;
    }
    this.activate(name);
  }

  private pointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId || !this.built) return;
    const dist = Math.hypot(e.clientX - d.startX, e.clientY - d.startY);
    if (!d.ghost && dist < 6) return;
    const svg = this.built.svg;
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const p = pt.matrixTransform(ctm.inverse());
    if (!d.ghost) {
      const piece = this.built.pieceAt(d.origin);
      if (!piece) return;
      d.ghost = piece.cloneNode(true) as SVGGElement;
      d.ghost.classList.add("drag-ghost");
      piece.classList.add("dragging");
      svg.appendChild(d.ghost);
    }
    d.ghost.setAttribute("transform", `translate(${p.x} ${p.y})`);
  }

  private pointerUp(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    this.drag = null;
    const moved = d.ghost !== null;
    d.ghost?.remove();
    const over = this.cellFromEvent(e);
    if (moved) {
      if (over && over !== d.origin) this.activate(over, true);
      else this.render();
      return;
    }
    // A click on the piece that was already selected unselects it.
    if (d.wasSelected && over === d.origin) this.setSelection(null);
  }

  private cancelDrag(): void {
    if (this.drag?.ghost) this.drag.ghost.remove();
    this.drag = null;
    this.render();
  }

  // ---- keyboard -----------------------------------------------------------------------

  private keyDown(e: KeyboardEvent): void {
    if (this.dialog) return;
    const target = e.target as Element | null;
    const hand = target?.closest?.("[data-hand]");
    if (hand && (e.key === "Enter" || e.key === " ")) {
      const [seat, piece] = (hand.getAttribute("data-hand") ?? "").split(":");
      this.activateHand(Number(seat), piece ?? "");
      e.preventDefault();
      return;
    }
    const name = target?.closest?.("[data-sq]")?.getAttribute("data-sq");
    if (!name || !this.built) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.focusName = name;
      this.activate(name);
      this.built.cells.get(this.focusName ?? name)?.focus();
      return;
    }
    if (e.key === "Escape") {
      this.setSelection(null);
      return;
    }
    const dir = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[
      e.key
    ];
    if (!dir) return;
    e.preventDefault();
    const next = nearestInDirection(this.built.centres, name, dir[0] ?? 0, dir[1] ?? 0);
    if (next) {
      this.built.cells.get(name)?.setAttribute("tabindex", "-1");
      const el = this.built.cells.get(next);
      el?.setAttribute("tabindex", "0");
      el?.focus();
      this.focusName = next;
    }
  }
}

/** The nearest cell from `from` whose centre lies in the direction (dx,dy) (screen units). */
export function nearestInDirection(
  centres: Map<string, { x: number; y: number }>,
  from: string,
  dx: number,
  dy: number,
): string | null {
  const o = centres.get(from);
  if (!o) return null;
  let best: string | null = null;
  let bestScore = Infinity;
  for (const [name, c] of centres) {
    if (name === from) continue;
    const vx = c.x - o.x;
    const vy = c.y - o.y;
    const along = vx * dx + vy * dy;
    if (along <= 1e-6) continue;
    const across = Math.abs(vx * dy - vy * dx);
    if (across > along * 1.01) continue; // within 45° of the direction
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = name;
    }
  }
  return best;
}
