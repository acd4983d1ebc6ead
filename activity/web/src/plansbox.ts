// The panel's plans, for the player who waits in a correspondence game:
// their plans (theirs alone: the server lists them only to them), each
// with a button to cancel it, and the buttons of planning: Plan a reply,
// a pass (theirs or the player's) when the step allows one, Stop planning.

import type { Plan } from "./api";
import { clear, h } from "./svg";
import type { Words } from "./words";

/** PlansEvents are the box's buttons. */
export interface PlansEvents {
  start(): void;
  stop(): void;
  pass(): void;
  cancel(first: string): void;
}

/** PlansView is what the box shows. */
export interface PlansView {
  /** can: the viewer may plan now; the box is hidden otherwise. */
  can: boolean;
  /** step: the planning step, "off", "theirs" or "reply". */
  step: string;
  /** pass: the step may choose a pass, whose button says passLabel. */
  pass: boolean;
  passLabel: string;
  plans: Plan[];
  busy: boolean;
}

/** PlansBox draws the viewer's plans and the planning buttons. */
export class PlansBox {
  readonly el: HTMLElement = h("section", { class: "plans-box", id: "plans" });

  constructor(private readonly words: Words, private readonly on: PlansEvents) {
    this.el.hidden = true;
  }

  /** render shows v, building again only when it changed, to keep the focus on a button that stays. */
  render(v: PlansView): void {
    const key = JSON.stringify([v.can, v.step, v.pass, v.passLabel, v.plans, this.words.lang]);
    if (this.el.dataset["key"] === key) {
      for (const b of this.el.querySelectorAll("button")) b.disabled = v.busy;
      return;
    }
    this.el.dataset["key"] = key;
    const had = document.activeElement instanceof HTMLButtonElement && this.el.contains(document.activeElement) ? document.activeElement.dataset["action"] : undefined;
    clear(this.el);
    this.el.hidden = !v.can;
    if (!v.can) return;
    const w = this.words;
    const buttons = h("div", { class: "buttons" });
    if (v.step === "off") {
      buttons.append(this.button("plan_reply", w.t("plan_reply"), () => this.on.start(), v.busy, "primary"));
    } else {
      if (v.pass) buttons.append(this.button("plan_pass", v.passLabel, () => this.on.pass(), v.busy));
      buttons.append(this.button("plan_stop", w.t("plan_stop"), () => this.on.stop(), v.busy));
    }
    this.el.append(buttons);
    if (v.plans.length > 0) {
      const list = h("ul", { class: "plans" });
      for (const p of v.plans) {
        const first = p.moves[0] ?? "";
        const cancel = this.button("cancel_plan", w.t("cancel"), () => this.on.cancel(first), v.busy);
        cancel.setAttribute("aria-label", w.t("plan_cancel", p.text));
        list.append(h("li", { "data-plan": first }, h("span", { class: "plan-text" }, p.text), cancel));
      }
      this.el.append(h("h2", {}, w.t("plans_title")), list);
    }
    if (had) (this.el.querySelector(`button[data-action="${had}"]`) as HTMLButtonElement | null)?.focus();
  }

  private button(action: string, label: string, f: () => void, disabled: boolean, kind = ""): HTMLButtonElement {
    const b = h("button", { type: "button", class: ("btn " + kind).trim(), "data-action": action }, label);
    b.disabled = disabled;
    b.addEventListener("click", f);
    return b;
  }
}
