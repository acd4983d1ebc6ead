// A question asked on the page itself (resign? keep a region that hands
// the opponent the win?), in a modal dialog: Discord's iframe may forbid
// the browser's own confirm().

import { clear, h } from "./svg";

/** Asker asks yes-or-no questions in a <dialog>. */
export class Asker {
  readonly el: HTMLDialogElement = h("dialog", { class: "ask", id: "ask", "aria-labelledby": "ask-text" });
  private answer: ((yes: boolean) => void) | null = null;

  constructor() {
    this.el.addEventListener("close", () => this.settle(this.el.returnValue === "yes"));
    this.el.addEventListener("cancel", () => {
      this.el.returnValue = "no";
    });
  }

  /**
   * ask shows question with a button for yes and one for no, and resolves
   * to the answer; Escape is no. The focus goes back where it was. While
   * a question is open, another is answered no at once.
   */
  ask(question: string, yes: string, no: string, danger = false): Promise<boolean> {
    // One question at a time: the dialog is modal, so a second comes from no click.
    if (this.el.open) return Promise.resolve(false);
    const back = document.activeElement instanceof HTMLElement || document.activeElement instanceof SVGElement ? document.activeElement : null;
    clear(this.el);
    const form = h("form", { method: "dialog" },
      h("p", { id: "ask-text" }, question),
      h("div", { class: "answer" },
        h("button", { type: "submit", value: "no", class: "btn", "data-answer": "no" }, no),
        h("button", { type: "submit", value: "yes", class: "btn " + (danger ? "danger" : "primary"), "data-answer": "yes" }, yes)));
    this.el.append(form);
    this.el.returnValue = "no";
    this.el.showModal();
    (this.el.querySelector('[data-answer="no"]') as HTMLButtonElement | null)?.focus();
    return new Promise((resolve) => {
      this.answer = (v) => {
        if (back && back.isConnected) back.focus();
        resolve(v);
      };
    });
  }

  private settle(yes: boolean): void {
    const a = this.answer;
    this.answer = null;
    if (a) a(yes);
  }
}
