// A game's record as files to save (text, KIF, CSA): the buttons the record page and the
// practice page show, and the download each starts. The files come from history/replay.ts
// (`exportFiles`); nothing is fetched.
import type { ExportFile } from "../history/replay";
import type { I18n } from "../i18n";
import { h } from "./dom";

/** Saves `file` through a temporary link to an object URL (no server round trip). */
export function download(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * A box with a heading, one button per file (class `export export-KIND`, labelled by
 * `record.export.KIND`) and a hint below. `extraClass` tells the boxes apart.
 */
export function exportsBox(
  i18n: I18n,
  files: readonly ExportFile[],
  text: { title: string; hint: string },
  extraClass = "",
): HTMLElement {
  return h("section", { class: `box exports${extraClass ? " " + extraClass : ""}` }, [
    h("h3", {}, [text.title]),
    h(
      "div",
      { class: "export-buttons" },
      files.map((f) =>
        h(
          "button",
          {
            type: "button",
            class: `export export-${f.kind}`,
            "data-filename": f.filename,
            onclick: () => download(f),
          },
          [i18n.t(`record.export.${f.kind}`)],
        ),
      ),
    ),
    h("p", { class: "hint" }, [text.hint]),
  ]);
}
