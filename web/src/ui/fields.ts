// Form fields the settings boxes share (a table's lobby, pages/group.ts; the practice setup,
// pages/practice.ts): a labelled choice, its meaning below it.
import { h } from "./dom";

export interface SelectField {
  id: string;
  label: string;
  /** The value chosen now. */
  value: string;
  /** [value, text shown] of each choice, in order. */
  choices: [string, string][];
  onchange: (value: string) => void;
  /** What the setting means, under the field. */
  hint?: string;
  disabled?: boolean;
}

/** A `<select>` with its label (and meaning), in a `.field`. */
export function selectField(f: SelectField): HTMLElement {
  return h("div", { class: "field" }, [
    h("label", { for: f.id }, [f.label]),
    h(
      "select",
      {
        id: f.id,
        disabled: f.disabled ?? false,
        onchange: ((e: Event) =>
          f.onchange((e.target as HTMLSelectElement).value)) as EventListener,
      },
      f.choices.map(([v, text]) => h("option", { value: v, selected: v === f.value }, [text])),
    ),
    f.hint ? h("p", { class: "meaning" }, [f.hint]) : null,
  ]);
}
