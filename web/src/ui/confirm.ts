// The question asked in the page before an act that cannot be taken back (resign, leave the
// table, a new game over one in progress): the question, a button that does it and one that
// keeps playing. A page keeps whether it is asking in its own state: either button first
// calls `settle` (forget the question), then acts or redraws.
import { h } from "./dom";

export interface Confirmation {
  question: string;
  /** The act's button: its words and its class (e.g. "resign-yes"). */
  yes: string;
  yesClass: string;
  /** The other button's words ("Keep playing"). */
  no: string;
  /** An extra class of the box (e.g. "leave-confirm"). */
  boxClass?: string;
  settle: () => void;
  act: () => void;
  redraw: () => void;
}

export function confirmBox(c: Confirmation): HTMLElement {
  return h(
    "div",
    {
      class: `confirm${c.boxClass ? " " + c.boxClass : ""}`,
      role: "alertdialog",
      "aria-label": c.question,
    },
    [
      h("p", {}, [c.question]),
      h(
        "button",
        {
          type: "button",
          class: `danger ${c.yesClass}`,
          onclick: () => {
            c.settle();
            c.act();
          },
        },
        [c.yes],
      ),
      h(
        "button",
        {
          type: "button",
          class: "keep-playing",
          onclick: () => {
            c.settle();
            c.redraw();
          },
        },
        [c.no],
      ),
    ],
  );
}
