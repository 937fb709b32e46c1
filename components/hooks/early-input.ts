"use client";

// Inputs typed into or chosen by a click; a file picker or a button has nothing to replay.
const NOT_REPLAYED = new Set(["file", "hidden", "submit", "button", "reset", "image"]);

type Early =
  | { control: HTMLInputElement | HTMLTextAreaElement; prop: "value"; shown: string }
  | { control: HTMLInputElement; prop: "checked"; shown: boolean }
  | { control: HTMLSelectElement; prop: "select"; shown: string };

/**
 * What a person typed, chose or ticked in a server-rendered form before React hydrated it. React
 * never hears of it: hydration keeps the page's values and starts its change tracking from them, so
 * the component's state keeps what it rendered (and its next render puts that back on screen), and
 * the form would send what the person no longer sees. A phone on a slow network types before the
 * scripts run. Read it as hydration commits, before any render after it, and replay it after.
 */
export function readEarlyInput(root: ParentNode): Early[] {
  const early: Early[] = [];
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (control.disabled || (control instanceof HTMLInputElement && NOT_REPLAYED.has(control.type))) continue;
    if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      // A radio newly chosen speaks for its group; the one it unchose must not answer back.
      const changed =
        control.type === "radio"
          ? control.checked && !control.defaultChecked
          : control.checked !== control.defaultChecked;
      if (changed) early.push({ control, prop: "checked", shown: control.checked });
    } else if (control.value !== control.defaultValue) {
      early.push({ control, prop: "value", shown: control.value });
    }
  }
  for (const select of root.querySelectorAll("select")) {
    const rendered = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
    if (!select.disabled && !select.multiple && rendered && !rendered.selected)
      early.push({ control: select, prop: "select", shown: select.value });
  }
  return early;
}

/**
 * Hands each early change to its control's onChange, as the typing would have: React's tracked setter
 * is given what React rendered, the element's own setter what the person did, then the event React
 * listens to fires and React sees a change from its own value. Call it outside React's work (not in an
 * effect), or React puts the control back before the handler's state update reads it.
 */
export function replayEarlyInput(early: Early[]): void {
  for (const item of early) {
    const { control } = item;
    if (!control.isConnected) continue;
    if (item.prop === "select") {
      control.value = item.shown;
      control.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    const rendered = item.prop === "value" ? item.control.defaultValue : item.control.defaultChecked;
    if (rendered === item.shown) continue;
    Object.assign(control, { [item.prop]: rendered });
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), item.prop)?.set?.call(control, item.shown);
    // A plain Event, not a MouseEvent: a "click" this way reaches React without toggling the box again.
    control.dispatchEvent(new Event(item.prop === "value" ? "input" : "click", { bubbles: true }));
  }
}
